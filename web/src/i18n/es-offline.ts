/**
 * The offline banner (docs/PRODUCT.md#offline), in Spanish. Every page, /menu too, loads
 * it, so this file stays tiny; the offline pages' strings are in
 * es-offline-pages.ts.
 */
export const esOffline = {
  banner: 'Sin conexión: ves lo guardado en este teléfono.',
};
