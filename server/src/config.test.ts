import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
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
