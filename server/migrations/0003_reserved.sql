-- Placeholder: number 3 belongs to the menu tiles migration on main (0003_menu.sql).
-- Migrations must be numbered without gaps, so this branch keeps the number free
-- with an empty step. Delete this file when merging with main's 0003.
SELECT 1;
