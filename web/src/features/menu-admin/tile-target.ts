import { RESOURCE_TYPE_CODES, type AdminTile, type TileTarget } from '@kit/contract';
import type { TileTargetKind } from '@kit/contract/portal-data';
import { esLibrary } from '../../i18n/es-library.ts';
import { esPortal } from '../../i18n/es-portal.ts';

/** A category the editor offers: its name with its ancestors', so "Primaria › Lectura" is told from "Secundaria › Lectura". */
export interface CategoryOption {
  id: number;
  label: string;
}

export const typeLabel = (code: number): string => esLibrary.types[code as (typeof RESOURCE_TYPE_CODES)[number]] ?? String(code);

/** How the editor shows where a tile goes; a route's `{product}` is shown as the library's address word (PRODUCT_SLUG). */
export function describeTarget(target: TileTarget, categories: readonly CategoryOption[], productSlug: string): string {
  const kinds = esPortal.menuEditor.targetKinds;
  switch (target.kind) {
    case 'route':
      return `${kinds.route}: ${target.value.replace('{product}', productSlug)}`;
    case 'url':
      return `${kinds.url}: ${target.value}`;
    case 'category':
      return `${kinds.category}: ${categories.find((c) => String(c.id) === target.value)?.label ?? target.value}`;
    case 'type':
      return `${kinds.type}: ${typeLabel(Number(target.value))}`;
    case 'none':
      return esPortal.menuEditor.noTarget;
  }
}

/** The editor form's choice of target: a kind, or 'default' (a catalogue tool as the portal has it). */
export type TargetChoice = TileTargetKind | 'default';

/** What the form sends for its target, or an error message; 'default' sends null (back to the catalogue). */
export function targetFromForm(choice: TargetChoice, value: string): { target: TileTarget | null } | { error: string } {
  const invalid = { error: esPortal.menuEditor.invalidTarget };
  const text = value.trim();
  switch (choice) {
    case 'default':
      return { target: null };
    case 'none':
      return { target: { kind: 'none', value: '' } };
    case 'route':
      return /^\/(?![/\\])\S*$/.test(text) && !/^\/api(\/|\?|$)/.test(text) ? { target: { kind: 'route', value: text } } : invalid;
    case 'category':
      return /^[1-9]\d*$/.test(text) ? { target: { kind: 'category', value: text } } : invalid;
    case 'type':
      return /^[1-6]$/.test(text) ? { target: { kind: 'type', value: text } } : invalid;
    case 'url':
      try {
        const url = new URL(text);
        return url.protocol === 'http:' || url.protocol === 'https:' ? { target: { kind: 'url', value: url.href } } : invalid;
      } catch {
        return invalid;
      }
  }
}

/** The form's starting choice for a tile: an added tile's own target; a catalogue tool's only when the admin changed it. */
export function initialChoice(tile: AdminTile | null): { choice: TargetChoice; value: string } {
  if (!tile) return { choice: 'category', value: '' };
  if (!tile.targetOverridden) return { choice: 'default', value: '' };
  return { choice: tile.target.kind, value: tile.target.value };
}

/** The keys in a new order: `key` moved one place up (-1) or down (+1); unchanged at the ends. */
export function moveKey(keys: readonly string[], key: string, step: -1 | 1): string[] {
  const from = keys.indexOf(key);
  const to = from + step;
  if (from < 0 || to < 0 || to >= keys.length) return [...keys];
  const next = [...keys];
  [next[from], next[to]] = [next[to] as string, next[from] as string];
  return next;
}
