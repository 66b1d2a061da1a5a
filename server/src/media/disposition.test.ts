import { describe, expect, it } from 'vitest';
import { attachmentDisposition, downloadFileName } from './disposition.ts';

describe('downloadFileName', () => {
  it('keeps Spanish titles as they are', () => {
    expect(downloadFileName('Educación para niños', 'pdf')).toBe('Educación para niños.pdf');
    expect(downloadFileName('¿Cómo cuidar el maíz?', 'mp4')).toBe('¿Cómo cuidar el maíz.mp4');
  });

  it('never yields a path or a header break', () => {
    expect(downloadFileName('../../etc/passwd', 'pdf')).toBe('etc passwd.pdf');
    expect(downloadFileName('a\\b:c*d"e<f>g|h', 'mp3')).toBe('a b c d e f g h.mp3');
    expect(downloadFileName('línea\r\nContent-Type: text/html', 'pdf')).toBe('línea Content-Type text html.pdf');
    expect(downloadFileName('...', 'jpg')).toBe('archivo.jpg');
    expect(downloadFileName('', 'jpg')).toBe('archivo.jpg');
  });

  it('cuts long titles to 80 characters', () => {
    const name = downloadFileName('ñ'.repeat(200), 'pdf');
    expect([...name].length).toBe(84);
  });
});

describe('attachmentDisposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name (RFC 8187)', () => {
    expect(attachmentDisposition('Educación para niños.pdf')).toBe(
      `attachment; filename="Educacion para ninos.pdf"; filename*=UTF-8''Educaci%C3%B3n%20para%20ni%C3%B1os.pdf`,
    );
  });

  it("encodes the characters RFC 8187 does not allow bare (' ( ) *)", () => {
    expect(attachmentDisposition("Don't (1)*.pdf")).toBe(`attachment; filename="Don't (1)*.pdf"; filename*=UTF-8''Don%27t%20%281%29%2A.pdf`);
  });

  it('replaces what ASCII cannot carry in the fallback', () => {
    expect(attachmentDisposition('¿Qué? 日本.pdf')).toBe(`attachment; filename="_Que? __.pdf"; filename*=UTF-8''%C2%BFQu%C3%A9%3F%20%E6%97%A5%E6%9C%AC.pdf`);
  });
});
