import type { Rendition, RenditionKind, ResourceDetail } from '@kit/contract';

/*
 * Which of a resource's files a phone uses: the kit's light copy by default
 * (docs/API-library.md "Phone copies"), the original when asked for. Pages
 * saved on the phone before copies existed have no `renditions`: they show
 * the original, as before.
 */

type WithCopies = Pick<ResourceDetail, 'mediaUrl' | 'size' | 'coverUrl'> & { renditions?: Rendition[] | undefined };

function copyOf(resource: WithCopies, kind: RenditionKind): Rendition | null {
  return resource.renditions?.find((r) => r.kind === kind) ?? null;
}

/** A file a page can play, save or download, with its size. */
export interface MediaChoice {
  url: string;
  bytes: number | null;
}

/** The light copy a video or sound plays by default (null: there is none, the original is light enough) and the original. */
export function playChoices(resource: WithCopies, kind: 'video' | 'audio'): { light: MediaChoice | null; original: MediaChoice | null } {
  const copy = copyOf(resource, kind);
  return {
    light: copy ? { url: copy.url, bytes: copy.bytes } : null,
    original: resource.mediaUrl ? { url: resource.mediaUrl, bytes: resource.size } : null,
  };
}

/** The light copy of a video, sound or picture, when the kit made one. */
const lightCopyOf = (resource: WithCopies): Rendition | null => copyOf(resource, 'video') ?? copyOf(resource, 'audio') ?? copyOf(resource, 'image');

/** The kit made a lighter copy than the original (so the original's own link says it is the original). */
export const hasLightCopy = (resource: WithCopies): boolean => lightCopyOf(resource) !== null;

/** What saving or downloading takes by default: the light copy of a video, sound or picture when the kit made one, else the original. */
export function lightestFile(resource: WithCopies): MediaChoice | null {
  const copy = lightCopyOf(resource);
  if (copy) return { url: copy.url, bytes: copy.bytes };
  return resource.mediaUrl ? { url: resource.mediaUrl, bytes: resource.size } : null;
}

/** The picture an image resource shows: its display copy, else its own file. */
export const shownPicture = (resource: WithCopies): string | null => copyOf(resource, 'image')?.url ?? resource.mediaUrl;

/** A video's poster: its cover, else the frame the kit took from it. */
export const posterOf = (resource: WithCopies): string | null => resource.coverUrl ?? copyOf(resource, 'poster')?.url ?? null;

/** A copy's address as a named, counted download (the server names it after the resource, as for the original). */
export const asDownload = (url: string): string => `${url}?download=1`;
