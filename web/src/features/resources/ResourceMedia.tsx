import type { ResourceDetail } from '@kit/contract';
import { RESOURCE_TYPES } from '@kit/contract/values';
import { useRef, useState } from 'react';
import { esLibrary } from '../../i18n/es-library.ts';
import { useSavedMedia } from '../../offline/use-saved-media.ts';
import { fill } from '../../ui/fill.ts';
import { formatFileSize } from '../../ui/format.ts';
import { ResourceCover } from '../library/ResourceCover.tsx';
import { playChoices, posterOf, shownPicture, type MediaChoice } from '../../api/phone-copy.ts';
// The reader's frame comes with the page, so the page does not jump when it appears; pdf.js itself loads only when a PDF is shown.
import { PdfReader } from './PdfReader.tsx';

const t = esLibrary.resource;

/** What a resource shows above its details: a player, a reader, the picture, or its cover. */
export function ResourceMedia({ resource }: { resource: ResourceDetail }) {
  const { type, mediaUrl } = resource;
  if (type === RESOURCE_TYPES.VIDEO && mediaUrl) return <Player resource={resource} kind="video" />;
  if (type === RESOURCE_TYPES.AUDIO && mediaUrl) return <Player resource={resource} kind="audio" />;
  if (type === RESOURCE_TYPES.IMAGE && mediaUrl) {
    return (
      <figure className="resource-media resource-media--image">
        <img src={shownPicture(resource) ?? mediaUrl} alt={resource.title} decoding="async" fetchPriority="high" />
      </figure>
    );
  }
  if (type === RESOURCE_TYPES.DOCUMENT && mediaUrl && resource.mime === 'application/pdf') {
    return (
      <div className="resource-media resource-media--document">
        <PdfReader url={mediaUrl} title={resource.title} />
      </div>
    );
  }
  return (
    <div className="resource-media resource-media--cover">
      <ResourceCover resource={resource} eager />
      {type === RESOURCE_TYPES.DOCUMENT && resource.downloadUrl && <p className="resource-media__note">{esLibrary.resource.noPreview}</p>}
    </div>
  );
}

/**
 * Which file the player plays: the kit's light copy, unless the person asked
 * for the original, or this phone saved the original for offline use (the
 * light copy is then not on the phone).
 */
function usePlayChoice(resource: ResourceDetail, kind: 'video' | 'audio') {
  const { light, original } = playChoices(resource, kind);
  const saved = useSavedMedia(resource.id);
  const [asked, setAsked] = useState<'light' | 'original' | null>(null);
  const wantsOriginal = asked === 'original' || (asked === null && saved !== undefined && saved.url === original?.url);
  const playing = light && !wantsOriginal ? light : original;
  const other = playing === light ? original : light;
  const current = playing === light ? 'light' : 'original';
  return {
    playing,
    other,
    otherIsOriginal: other !== null && other === original,
    choose: (choice: 'light' | 'original') => setAsked(choice),
    // once playback starts, the file stays: a light copy finished meanwhile is offered, never swapped in under the viewer
    keep: () => setAsked((was) => was ?? current),
  };
}

/** Video or sound, seeking by ranges (206); a button switches between the light copy and the original, at the same moment of playback. */
function Player({ resource, kind }: { resource: ResourceDetail; kind: 'video' | 'audio' }) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const resume = useRef<{ at: number; playing: boolean } | null>(null);
  const { playing, other, otherIsOriginal, choose, keep } = usePlayChoice(resource, kind);
  if (!playing) return null;

  const switchFile = () => {
    const element = ref.current;
    if (element) resume.current = { at: element.currentTime, playing: !element.paused };
    setFailed(false);
    choose(otherIsOriginal ? 'original' : 'light');
  };
  const restore = () => {
    const element = ref.current;
    const at = resume.current;
    resume.current = null;
    if (!element || !at) return;
    element.currentTime = at.at;
    if (at.playing) void element.play().catch(() => undefined);
  };
  const common = { ref, controls: true, preload: 'metadata', src: playing.url, onError: () => setFailed(true), onLoadedMetadata: restore, onPlay: keep, 'data-testid': `${kind}-player` } as const;

  return (
    <div className={`resource-media resource-media--${kind}`}>
      {kind === 'video' ? (
        <video {...common} playsInline poster={posterOf(resource) ?? undefined}>
          {t.noPlayer}
        </video>
      ) : (
        <>
          <ResourceCover resource={resource} eager />
          <audio {...common}>{t.noPlayer}</audio>
        </>
      )}
      {other && <QualitySwitch other={other} toOriginal={otherIsOriginal} onSwitch={switchFile} />}
      {failed && (
        <p className="resource-media__note" role="alert">
          {t.noPlayer}
        </p>
      )}
    </div>
  );
}

function QualitySwitch({ other, toOriginal, onSwitch }: { other: MediaChoice; toOriginal: boolean; onSwitch: () => void }) {
  const label = toOriginal ? t.playOriginal : t.playLight;
  return (
    <button type="button" className="button button--light resource-media__quality" onClick={onSwitch} data-testid="quality-switch">
      {other.bytes === null ? label : fill(t.sized, { label, size: formatFileSize(other.bytes) })}
    </button>
  );
}
