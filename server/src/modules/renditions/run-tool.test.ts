import { afterEach, describe, expect, it } from 'vitest';
import { runTool, TOOL_MEMORY_BYTES } from './run-tool.ts';
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

  it('runs the tool under a memory ceiling, so a file that makes a decoder swell cannot take the kit’s memory', async () => {
    const limits = await runTool(findTools(), '/bin/cat', ['/proc/self/limits'], { limitSeconds: 10 });
    const data = /^Max data size\s+(\S+)\s+(\S+)/m.exec(limits);
    expect(data?.slice(1)).toEqual([String(TOOL_MEMORY_BYTES), String(TOOL_MEMORY_BYTES)]);
  });
});
