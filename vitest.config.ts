import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The slowest files of a quiet run, longest first. They start first, so the
 * rest of the suite runs beside them; last (vitest orders a fresh clone's
 * files by size, and these are small) they made a tail of several minutes in
 * which one file ran alone.
 */
const SLOWEST = [
  'server/test/kit/nspawn-boot.test.ts',
  'server/src/modules/device/wifi.routes.test.ts',
  'server/test/hardening/crash.test.ts',
  'server/src/modules/device/device.routes.test.ts',
  'server/src/modules/categories/categories.admin.test.ts',
  'server/src/modules/renditions/renditions.test.ts',
  'server/src/modules/device/kit-clock.test.ts',
  'server/src/modules/sync/certificates.acme.test.ts',
  'server/test/kit/wifi-helper.test.ts',
  'server/test/kit/install.test.ts',
].map((file) => path.resolve(import.meta.dirname, file));

class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const at = SLOWEST.indexOf(file.moduleId);
      return at === -1 ? SLOWEST.length : at;
    };
    return sorted.map((file, order) => ({ file, order })).sort((a, b) => rank(a.file) - rank(b.file) || a.order - b.order).map(({ file }) => file);
  }
}

export default defineConfig({
  test: {
    projects: ['server', 'web'],
    sequence: { sequencer: SlowestFirst },
  },
});
