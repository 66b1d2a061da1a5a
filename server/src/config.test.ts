import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, OPTIONS } from './config.ts';

describe('loadConfig', () => {
  it('applies the documented defaults and freezes the result', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.isKit).toBe(false);
    expect(config.servicesMode).toBe('default');
    expect(config.adminPassword).toBeNull();
    expect(config.maxUploadBytes).toBe(1024 * 1024 * 1024);
    expect(path.isAbsolute(config.dataDir)).toBe(true);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('reads every variable', () => {
    const config = loadConfig({ PORT: '80', KIT_IS_KIT: 'true', KIT_SERVICES_MODE: 'planet', KIT_ADMIN_PASSWORD: 'secreta1', LOG_LEVEL: 'warn' });
    expect(config).toMatchObject({ port: 80, isKit: true, servicesMode: 'planet', adminPassword: 'secreta1', logLevel: 'warn' });
  });

  it('reads the upload limit in MiB and refuses one that is not a positive whole number', () => {
    expect(loadConfig({ KIT_MAX_UPLOAD_MB: '20' }).maxUploadBytes).toBe(20 * 1024 * 1024);
    for (const bad of ['0', '-5', '1.5', 'mucho', '999999999']) {
      expect(() => loadConfig({ KIT_MAX_UPLOAD_MB: bad }), bad).toThrow(/KIT_MAX_UPLOAD_MB/);
    }
  });

  it('lists every bad value at once instead of starting', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'ochenta', KIT_IS_KIT: 'si', KIT_SERVICES_MODE: 'luna', KIT_ADMIN_PASSWORD: '123' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(4);
    expect(problems.join('\n')).toMatch(/PORT.*KIT_IS_KIT.*KIT_SERVICES_MODE.*KIT_ADMIN_PASSWORD/s);
  });

  it('reads the kit device options: HTTPS port, scripts folder, Wi-Fi name and phone limit', () => {
    const defaults = loadConfig({});
    expect(defaults).toMatchObject({ httpsPort: 443, wifiSsid: null, wifiMaxPhones: 10 });
    expect(defaults.scriptsDir).toBe(path.resolve(import.meta.dirname, '../../scripts'));
    const config = loadConfig({ KIT_HTTPS_PORT: '0', KIT_SCRIPTS_DIR: '/opt/kit-portal/scripts', KIT_WIFI_SSID: 'Biblioteca Señora Ñu', KIT_WIFI_MAX_PHONES: '19' });
    expect(config).toMatchObject({ httpsPort: 0, scriptsDir: '/opt/kit-portal/scripts', wifiSsid: 'Biblioteca Señora Ñu', wifiMaxPhones: 19 });
  });

  it('refuses a phone limit that is not a whole number in range, and HTTPS on the HTTP port', () => {
    for (const bad of ['0', '-3', '2.5', 'diez', '3000']) {
      expect(() => loadConfig({ KIT_WIFI_MAX_PHONES: bad }), bad).toThrow(/KIT_WIFI_MAX_PHONES/);
    }
    expect(() => loadConfig({ PORT: '8443', KIT_HTTPS_PORT: '8443' })).toThrow(/KIT_HTTPS_PORT.*PORT/);
    expect(() => loadConfig({ PORT: '0', KIT_HTTPS_PORT: '0' })).not.toThrow();
  });

  it('is documented variable by variable in docs/CONFIG.md', () => {
    const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../docs/CONFIG.md'), 'utf8');
    for (const name of Object.keys(OPTIONS)) expect(doc, name).toContain(`\`${name}\``);
  });
});

describe('the hub’s ACME account (KIT_ACME_*)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kit-acme-config-'));
  const hook = path.join(dir, 'hook');
  fs.writeFileSync(hook, '#!/bin/sh\nexit 0\n', { mode: 0o755 });
  const notExecutable = path.join(dir, 'not-executable');
  fs.writeFileSync(notExecutable, '#!/bin/sh\n', { mode: 0o644 });
  const caFile = path.join(dir, 'ca.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', path.join(dir, 'ca.key'), '-out', caFile, '-days', '1', '-subj', '/CN=CA'], { stdio: 'pipe' });
  const all = { KIT_ACME_DIRECTORY_URL: 'https://acme.example.org/directory', KIT_ACME_EMAIL: 'tecnico@example.org', KIT_ACME_DOMAIN: 'Kits.Example.org.', KIT_ACME_DNS_HOOK: hook };
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is off without the variables, and read whole with them', () => {
    expect(loadConfig({}).acme).toBeNull();
    expect(loadConfig(all).acme).toEqual({ directoryUrl: 'https://acme.example.org/directory', email: 'tecnico@example.org', domain: 'kits.example.org', dnsHook: hook, caFile: null });
    expect(loadConfig({ ...all, KIT_ACME_CA_FILE: caFile }).acme?.caFile).toBe(caFile);
  });

  it('takes a CA file alone on a kit: the roots its hub’s chains may end at, with no ACME account', () => {
    expect(loadConfig({ KIT_ACME_CA_FILE: caFile })).toMatchObject({ acme: null, acmeCaFile: caFile });
  });

  it.each<[string, Record<string, string>, RegExp]>([
    ['one of the four missing', { ...all, KIT_ACME_EMAIL: '' }, /KIT_ACME_EMAIL: falta/],
    ['a CA file alone that holds no certificate', { KIT_ACME_CA_FILE: hook }, /KIT_ACME_CA_FILE/],
    ['a directory that is not https://', { ...all, KIT_ACME_DIRECTORY_URL: 'http://acme.example.org/dir' }, /KIT_ACME_DIRECTORY_URL: .*https:\/\//],
    ['an e-mail that is not one', { ...all, KIT_ACME_EMAIL: 'tecnico' }, /KIT_ACME_EMAIL: .*correo/],
    ['a bare top-level domain', { ...all, KIT_ACME_DOMAIN: 'org' }, /KIT_ACME_DOMAIN: .*dominio/],
    ['a domain with a space', { ...all, KIT_ACME_DOMAIN: 'kits example.org' }, /KIT_ACME_DOMAIN/],
    ['a relative hook', { ...all, KIT_ACME_DNS_HOOK: 'hook.sh' }, /KIT_ACME_DNS_HOOK: .*ruta absoluta/],
    ['a hook that does not exist', { ...all, KIT_ACME_DNS_HOOK: path.join(dir, 'nope') }, /KIT_ACME_DNS_HOOK: .*ejecutable/],
    ['a hook that is not executable', { ...all, KIT_ACME_DNS_HOOK: notExecutable }, /KIT_ACME_DNS_HOOK: .*ejecutable/],
    ['a CA file that holds no certificate', { ...all, KIT_ACME_CA_FILE: hook }, /KIT_ACME_CA_FILE/],
  ])('refuses to start with %s', (_label, env, problem) => {
    expect(() => loadConfig(env)).toThrow(problem);
  });
});
