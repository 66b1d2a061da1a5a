/*
 * The Terms and Conditions (docs/PRODUCT.md#terms): the one text both the web modal shows
 * and the server's PDF (/pdf/tyc-uayki.pdf) prints, so they never drift.
 * Plain data (the web imports it as `@kit/contract/terms`). Every character
 * must exist in WinAnsiEncoding, the PDF's encoding (a test checks).
 */

export type TermsBlock = { kind: 'p'; text: string } | { kind: 'list'; items: readonly string[] };

export interface TermsSection {
  title: string;
  blocks: readonly TermsBlock[];
}

export interface TermsDocument {
  title: string;
  updated: string;
  sections: readonly TermsSection[];
}

const p = (text: string): TermsBlock => ({ kind: 'p', text });
const list = (...items: string[]): TermsBlock => ({ kind: 'list', items });

export const TERMS: TermsDocument = {
  title: 'Términos y Condiciones de Uso de Uayki – Kit Portal',
  updated: 'Última actualización: 1 de noviembre de 2026',
  sections: [
    {
      title: '1. Objeto y aceptación',
      blocks: [
        p(
          'Estos Términos y Condiciones regulan el acceso y el uso del portal Uayki – Kit Portal (en adelante, «el Portal»): la biblioteca pública de recursos digitales, la plataforma multimedia, el repositorio de aplicaciones, el tablón de anuncios y los demás servicios que se ofrecen desde el kit de la comunidad, con o sin conexión a internet.',
        ),
        p(
          'El Portal es administrado por la organización de beneficio social que instala y mantiene el kit (en adelante, «el Proveedor»). Al entrar al Portal, registrarse, publicar contenido o descargar recursos, usted declara haber leído, entendido y aceptado estos Términos. Si no está de acuerdo con ellos, no debe usar el Portal.',
        ),
      ],
    },
    {
      title: '2. Uso del Portal',
      blocks: [
        p('El Portal es gratuito y tiene fines educativos, culturales y comunitarios. Toda persona usuaria se compromete a:'),
        list(
          'usar el Portal de buena fe, conforme a la ley, a la moral y al orden público;',
          'no publicar contenido ilegal, violento, discriminatorio, difamatorio, sexual explícito ni que ponga en riesgo a niñas, niños o adolescentes;',
          'no suplantar a otras personas ni usar cuentas ajenas, y mantener en reserva su contraseña;',
          'no intentar dañar, sobrecargar o acceder sin permiso al kit, a sus datos o a las cuentas de otras personas;',
          'no usar el Portal para enviar publicidad no solicitada ni para fines comerciales ajenos a la comunidad, salvo en el tablón de anuncios y según sus reglas.',
        ),
        p(
          'Las cuentas son personales. Los datos que usted entregue al registrarse deben ser verdaderos. Los administradores del kit pueden revisar los datos de perfil para atender a la comunidad y nunca los venden ni los ceden a terceros.',
        ),
      ],
    },
    {
      title: '3. Licencia de uso',
      blocks: [
        p(
          'El Proveedor le otorga una licencia gratuita, personal, no exclusiva e intransferible para consultar, ver, escuchar y descargar los recursos de la biblioteca con fines personales, educativos y no comerciales, respetando la licencia propia de cada recurso.',
        ),
        p(
          'Cuando un recurso indica una licencia libre (por ejemplo, dominio público o Creative Commons), usted puede usarlo según lo que esa licencia permita, citando siempre al autor y la fuente.',
        ),
      ],
    },
    {
      title: '4. Derechos de autor y contenido publicado',
      blocks: [
        p(
          'En el Portal solo se pueden publicar obras de dominio público, obras libres de derechos o con una licencia que permita compartirlas, u obras propias de quien las publica. Quien sube un recurso declara que tiene derecho a hacerlo y responde por ello ante los titulares de los derechos.',
        ),
        p(
          'Al publicar una obra propia, usted conserva sus derechos de autor y autoriza al Proveedor, sin costo, a guardarla, copiarla en los kits de la red y mostrarla a la comunidad mientras esté publicada.',
        ),
        p(
          'Si usted considera que un recurso infringe sus derechos, puede reportarlo desde el propio recurso o escribir al contacto del Portal. El recurso podrá ser retirado mientras se revisa el caso.',
        ),
      ],
    },
    {
      title: '5. Formato de publicación de recursos',
      blocks: [
        p('Cada recurso que se publique en la biblioteca debe indicar, como mínimo:'),
        list(
          'Título: el nombre de la obra, claro y en lo posible en español;',
          'Autor: la persona o institución que creó la obra;',
          'Fuente: de dónde proviene la obra (sitio web, libro, institución o «obra propia»);',
          'Licencia: la licencia bajo la cual se comparte (dominio público, Creative Commons u otra que permita compartirla);',
          'Descripción: de qué trata la obra y a quién puede servirle.',
        ),
        p(
          'Los recursos pueden pasar por una revisión de los administradores antes de publicarse. Un recurso sin estos datos, o con datos falsos, puede ser rechazado.',
        ),
      ],
    },
    {
      title: '6. Moderación, bloqueo y retiro de contenido y cuentas',
      blocks: [
        p(
          'El Proveedor puede, a su discreción y sin necesidad de aviso previo, bloquear, suspender o retirar cualquier contenido, comentario, anuncio o cuenta de usuario, en especial cuando considere que incumple estos Términos, la ley o los derechos de otras personas, o que afecta la convivencia de la comunidad.',
        ),
        p(
          'Las decisiones de moderación buscan proteger a la comunidad. La persona afectada puede pedir una revisión escribiendo al contacto del Portal.',
        ),
      ],
    },
    {
      title: '7. Limitación de responsabilidad',
      blocks: [
        p(
          'El Portal se ofrece «tal como está» y según la disponibilidad del kit, que puede apagarse, reiniciarse o quedarse sin energía. El Proveedor no garantiza que el servicio funcione sin interrupciones ni errores.',
        ),
        p(
          'Los recursos, comentarios y anuncios son responsabilidad de quienes los publican. El Proveedor no responde por su exactitud, por las opiniones que expresan ni por el uso que se haga de ellos. Los acuerdos que nazcan del tablón de anuncios son solo entre las personas que los celebren.',
        ),
        p(
          'En la medida que la ley lo permita, el Proveedor no será responsable de daños directos o indirectos derivados del uso o de la imposibilidad de uso del Portal, de la pérdida de datos guardados en los teléfonos ni de las aplicaciones descargadas del repositorio, que se instalan por cuenta y riesgo de quien las instala.',
        ),
      ],
    },
    {
      title: '8. Cookies y almacenamiento en el teléfono',
      blocks: [
        p(
          'El Portal usa cookies y el almacenamiento del navegador solo para funcionar: mantener su sesión iniciada, recordar su primera visita y la guía de introducción, ocultar la publicidad por un día cuando usted lo pide y guardar recursos para verlos sin conexión.',
        ),
        p(
          'No se usan cookies de publicidad ni de seguimiento de terceros, y la información no sale del kit. Usted puede borrar las cookies y los datos guardados desde la configuración de su navegador; en ese caso deberá iniciar sesión de nuevo.',
        ),
      ],
    },
    {
      title: '9. Cambios en los Términos',
      blocks: [
        p(
          'El Proveedor puede actualizar estos Términos. La versión vigente es siempre la publicada en el Portal, con su fecha de actualización. Si usted sigue usando el Portal después de un cambio, se entiende que acepta la nueva versión.',
        ),
      ],
    },
    {
      title: '10. Ley aplicable y jurisdicción',
      blocks: [
        p(
          'Estos Términos se rigen por las leyes de la República del Perú. Toda controversia relacionada con el Portal o con estos Términos se someterá a los jueces y tribunales del Distrito Judicial de Lima, con renuncia expresa a cualquier otro fuero que pudiera corresponder.',
        ),
      ],
    },
    {
      title: '11. Contacto',
      blocks: [
        p(
          'Para consultas, reclamos o reportes sobre el Portal, use la opción «Contacto» del menú de ayuda: allí encontrará el correo de soporte y los teléfonos de la organización, y podrá dejar un mensaje a los administradores.',
        ),
      ],
    },
  ],
};
