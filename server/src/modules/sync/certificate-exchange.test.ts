import { describe, expect, it } from 'vitest';
import { labelFor, labelToBind } from './certificate-exchange.ts';

describe('labelFor: the label a kit asks its hub for, from its kit_name', () => {
  it.each<[string, string | null, string]>([
    ['biblioteca.aldea', 'kits.example.org', 'biblioteca-aldea'],
    ['portal.kit', null, 'portal-kit'],
    ['kit-07.kits.example.org', 'kits.example.org', 'kit-07'],
    ['a.b.kits.example.org', 'kits.example.org', 'a-b-kits-example-org'],
    ['escuela--norte', null, 'escuela-norte'],
    [`${'x'.repeat(70)}.kit`, null, 'x'.repeat(63)],
    ['---', null, 'kit'],
  ])('%s under %s → %s', (kitName, domain, label) => {
    expect(labelFor(kitName, domain)).toBe(label);
    expect(label).toMatch(/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/);
  });
});

describe('labelToBind: the label a hub binds a kit to, knowing its domain', () => {
  it.each<[string, string, string]>([
    ['kit-07.kits.example.org', 'kit-07-kits-example-org', 'kit-07'],
    ['KIT-07.Kits.Example.org', 'kit-07-kits-example-org', 'kit-07'],
    ['biblioteca.aldea', 'biblioteca-aldea', 'biblioteca-aldea'],
    ['a.b.kits.example.org', 'a-b-kits-example-org', 'a-b-kits-example-org'],
    ['kits.example.org', 'kits-example-org', 'kits-example-org'],
  ])('%s asking for %s → %s', (kitName, requested, label) => {
    expect(labelToBind(kitName, requested, 'kits.example.org')).toBe(label);
  });
});
