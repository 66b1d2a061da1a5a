import { afterEach, describe, expect, it } from 'vitest';
import { runTool } from './run-tool.ts';
import { findTools } from './tools.ts';

describe('runTool', () => {
  afterEach(() => {
    delete process.env.KIT_ADMIN_PASSWORD;
  });

  it('gives the tool none of the server’s environment: ffmpeg reads untrusted files and must not see the admin password', async () => {
    process.env.KIT_ADMIN_PASSWORD = 'secreto-del-servidor';
    const printed = await runTool(findTools(), '/usr/bin/env', [], { limitSeconds: 10 });
    expect(printed).toContain('PATH=');
    expect(printed).not.toContain('secreto-del-servidor');
    expect(printed).not.toContain('KIT_');
  });
});
