import { RESOURCE_TYPE_CODES, type AdminTile, type TileIcon, type TileTarget } from '@kit/contract';
import { DEFAULT_TILE_ICON, TILE_ICONS, TILE_LABEL_MAX, TILE_TARGET_KINDS } from '@kit/contract/portal-data';
import { useState, type FormEvent } from 'react';
import { esPortal } from '../../i18n/es-portal.ts';
import { Field, FormFailure } from '../../ui/forms/Field.tsx';
import { fill } from '../../ui/fill.ts';
import { Pictogram } from '../menu/Pictogram.tsx';
import { Modal } from '../../ui/modal/Modal.tsx';
import { initialChoice, targetFromForm, typeLabel, type CategoryOption, type TargetChoice } from './tile-target.ts';

const t = esPortal.menuEditor;

export interface TileChanges {
  /** null: the catalogue's name back */
  label: string | null;
  /** null: the catalogue's target back; undefined: unchanged (a locked target) */
  target: TileTarget | null | undefined;
  /** null: the catalogue's pictogram back */
  icon: TileIcon | null;
}

interface TileDialogProps {
  /** the tile to edit, or null to add one */
  tile: AdminTile | null;
  categories: readonly CategoryOption[];
  onSave: (changes: TileChanges) => Promise<void>;
  onClose: () => void;
}

/** Adds a tile or edits one: its name on the menu, its pictogram and where it goes. */
export function TileDialog({ tile, categories, onSave, onClose }: TileDialogProps) {
  const start = initialChoice(tile);
  const [label, setLabel] = useState(tile?.label ?? '');
  const [choice, setChoice] = useState<TargetChoice>(start.choice);
  const [value, setValue] = useState(start.value);
  const [icon, setIcon] = useState<TileIcon>(tile?.icon ?? DEFAULT_TILE_ICON);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const catalogue = tile !== null && !tile.custom;
  const locked = tile?.lockedTarget === true;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = label.trim();
    if (!catalogue && name === '') return setError(t.labelRequired);
    const target = locked ? { target: undefined } : targetFromForm(choice, value);
    if ('error' in target) return setError(target.error);
    setSaving(true);
    setError(null);
    try {
      await onSave({ label: name === '' ? null : name, target: target.target, icon: icon === tile?.defaultIcon ? null : icon });
    } catch {
      setSaving(false);
    }
  };

  return (
    <Modal title={tile ? fill(t.editTitle, { name: tile.name }) : t.addTitle} closeLabel={esPortal.common.close} onClose={onClose}>
      <form className="account-form" noValidate onSubmit={(event) => void submit(event)}>
        <Field id="tile-label" label={t.label} help={catalogue ? fill(t.labelHelp, { name: tile.defaultName ?? tile.name }) : undefined} required={!catalogue}>
          <input
            id="tile-label"
            className="input"
            maxLength={TILE_LABEL_MAX}
            value={label}
            placeholder={catalogue ? (tile.defaultName ?? '') : ''}
            onChange={(event) => setLabel(event.target.value)}
          />
        </Field>
        <fieldset className="field" aria-describedby="tile-icon-help">
          <legend className="field__label">{t.pictogram}</legend>
          <p id="tile-icon-help" className="field__help">
            {t.pictogramHelp}
          </p>
          <div className="pictogram-choices">
            {TILE_ICONS.map((name) => (
              <label key={name} className="pictogram-choice" title={t.pictograms[name]}>
                <input type="radio" name="tile-icon" className="visually-hidden" checked={icon === name} onChange={() => setIcon(name)} />
                <Pictogram name={name} label={t.pictograms[name]} />
              </label>
            ))}
          </div>
        </fieldset>
        {locked ? (
          <p className="account-form__notice">{t.lockedTarget}</p>
        ) : (
          <TargetFields
            catalogue={catalogue}
            categories={categories}
            choice={choice}
            value={value}
            onChoice={(next) => {
              setChoice(next);
              setValue('');
            }}
            onValue={setValue}
          />
        )}
        <FormFailure message={error} />
        <div className="account-form__actions">
          <button type="button" className="button button--light" onClick={onClose}>
            {esPortal.common.cancel}
          </button>
          <button type="submit" className="button" disabled={saving}>
            {saving ? esPortal.common.saving : esPortal.common.save}
          </button>
        </div>
      </form>
    </Modal>
  );
}

interface TargetFieldsProps {
  /** a catalogue tile, which may go back to its own target */
  catalogue: boolean;
  categories: readonly CategoryOption[];
  choice: TargetChoice;
  value: string;
  onChoice: (choice: TargetChoice) => void;
  onValue: (value: string) => void;
}

/** Where the tile goes: the kind of target, then the one field that kind asks for. */
function TargetFields({ catalogue, categories, choice, value, onChoice, onValue }: TargetFieldsProps) {
  return (
    <>
      <Field id="tile-kind" label={t.targetKind}>
        <select id="tile-kind" className="input" value={choice} onChange={(event) => onChoice(event.target.value as TargetChoice)}>
          {catalogue && <option value="default">{t.default}</option>}
          {TILE_TARGET_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t.targetKinds[kind]}
            </option>
          ))}
        </select>
      </Field>
      {choice === 'route' && (
        <Field id="tile-route" label={t.routeLabel}>
          <input id="tile-route" className="input" value={value} placeholder={t.routePlaceholder} onChange={(event) => onValue(event.target.value)} />
        </Field>
      )}
      {choice === 'category' && (
        <Field id="tile-category" label={t.categoryLabel}>
          <select id="tile-category" className="input" value={value} onChange={(event) => onValue(event.target.value)}>
            <option value="">{t.categoryPlaceholder}</option>
            {categories.map((category) => (
              <option key={category.id} value={String(category.id)}>
                {category.label}
              </option>
            ))}
          </select>
        </Field>
      )}
      {choice === 'type' && (
        <Field id="tile-type" label={t.typeLabel}>
          <select id="tile-type" className="input" value={value} onChange={(event) => onValue(event.target.value)}>
            <option value="">{t.typePlaceholder}</option>
            {RESOURCE_TYPE_CODES.map((code) => (
              <option key={code} value={String(code)}>
                {typeLabel(code)}
              </option>
            ))}
          </select>
        </Field>
      )}
      {choice === 'url' && (
        <Field id="tile-url" label={t.urlLabel}>
          <input id="tile-url" className="input" type="url" inputMode="url" value={value} placeholder={t.urlPlaceholder} onChange={(event) => onValue(event.target.value)} />
        </Field>
      )}
    </>
  );
}
