-- A text search filters its window of up to 5 000 candidates (search.repo.ts)
-- by status, category, type and owner, one primary-key probe per candidate.
-- On the table those probes land on rows spread over the whole file (long
-- descriptions make rows large), so a common word reads thousands of pages
-- past SQLite's cache. This index holds just those columns, keyed by id: a
-- few hundred pages for 100 000 resources, which stay in the cache.
CREATE INDEX resources_search_filter ON resources (id, status, category_id, type_code, user_id);
