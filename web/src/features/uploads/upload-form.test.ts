import { describe, expect, it } from 'vitest';
import { EMPTY_UPLOAD, progressText, toDraftFields, typeOfFile, validateUpload, type UploadValues } from './upload-form.ts';

const LIMITS = { maxBytes: 1000, coverMaxBytes: 100 };

function file(name: string, type: string, size = 10): File {
  return new File([new Uint8Array(size)], name, { type });
}

const complete: UploadValues = {
  ...EMPTY_UPLOAD,
  file: file('agua.mp4', 'video/mp4'),
  title: 'Cuidado del agua',
  author: 'Comunidad',
  license: 'CC0',
  category: '4',
  rights: true,
};

describe('validateUpload', () => {
  it('accepts the complete publishing format', () => {
    expect(validateUpload(complete, LIMITS, false)).toEqual({});
  });

  it('asks for everything the server needs to submit, the rights declaration included', () => {
    expect(Object.keys(validateUpload(EMPTY_UPLOAD, LIMITS, false)).sort()).toEqual(['author', 'category', 'file', 'license', 'rights', 'title']);
  });

  it('needs no file when the draft already has one', () => {
    expect(validateUpload({ ...complete, file: null }, LIMITS, true)).toEqual({});
  });

  it('refuses a file over the kit limit before sending a byte, saying both sizes', () => {
    expect(validateUpload({ ...complete, file: file('big.mp4', 'video/mp4', 2048) }, LIMITS, false).file).toBe('El archivo pesa 2.0 KB; el máximo es 1000 B.');
  });

  it('wants a cover image when the user chose to give one', () => {
    expect(validateUpload({ ...complete, cover: 'own' }, LIMITS, false).coverFile).toBeDefined();
    expect(validateUpload({ ...complete, cover: 'own', coverFile: file('p.png', 'image/png', 200) }, LIMITS, false).coverFile).toBeDefined();
    expect(validateUpload({ ...complete, cover: 'own', coverFile: file('p.png', 'image/png', 50) }, LIMITS, false)).toEqual({});
  });
});

describe('typeOfFile', () => {
  it('guesses the resource type from what the phone says of the file', () => {
    expect(typeOfFile({ name: 'a.jpg', type: 'image/jpeg' })).toBe(1);
    expect(typeOfFile({ name: 'libro.PDF', type: '' })).toBe(2);
    expect(typeOfFile({ name: 'a.mp4', type: 'video/mp4' })).toBe(3);
    expect(typeOfFile({ name: 'a.mp3', type: 'audio/mpeg' })).toBe(4);
    expect(typeOfFile({ name: 'app.apk', type: '' })).toBe(5);
    expect(typeOfFile({ name: 'notas.txt', type: 'text/plain' })).toBeNull();
  });
});

describe('toDraftFields', () => {
  it('trims text and sends empty choices as null', () => {
    expect(toDraftFields({ ...complete, title: '  Agua  ', license: '', category: '' })).toMatchObject({ title: 'Agua', license: null, content_type_id: null, type: 3 });
    expect(toDraftFields(complete).content_type_id).toBe(4);
  });
});

describe('progressText', () => {
  it('says percent and bytes', () => {
    expect(progressText(131072, 252214)).toBe('51 % · 128.0 KB de 246.3 KB');
    expect(progressText(0, 0)).toBe('100 % · 0 B de 0 B');
  });
});
