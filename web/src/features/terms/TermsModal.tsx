import { TERMS_PDF_PATH } from '@kit/contract/portal-data';
import { TERMS } from '@kit/contract/terms';
import { useEffect } from 'react';
import { esPortal } from '../../i18n/es-portal.ts';
import { Modal } from '../../ui/modal/Modal.tsx';
import './terms.css';

/** While the terms are open, printing prints them alone (help.css). */
const PRINT_CLASS = 'printing-terms';

/**
 * docs/PRODUCT.md#terms Terms and Conditions modal: the text of @kit/contract/terms (the
 * same the server's PDF prints), with 'Imprimir', 'Descargar PDF' and 'Cerrar'.
 */
export function TermsModal({ onClose }: { onClose: () => void }) {
  useEffect(() => {
    document.body.classList.add(PRINT_CLASS);
    return () => document.body.classList.remove(PRINT_CLASS);
  }, []);

  return (
    <Modal title={TERMS.title} closeLabel={esPortal.help.terms.close} onClose={onClose} className="terms-modal">
      <article className="terms" data-testid="terms-text">
        <p className="terms__updated">{TERMS.updated}</p>
        {TERMS.sections.map((section) => (
          <section key={section.title}>
            <h3>{section.title}</h3>
            {section.blocks.map((block, index) =>
              block.kind === 'p' ? (
                <p key={index}>{block.text}</p>
              ) : (
                <ul key={index}>
                  {block.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ),
            )}
          </section>
        ))}
      </article>
      <div className="terms__actions">
        <button type="button" className="button button--light" onClick={() => window.print()}>
          {esPortal.help.terms.print}
        </button>
        <a className="button button--light" href={TERMS_PDF_PATH} download="tyc-uayki.pdf">
          {esPortal.help.terms.pdf}
        </a>
        <button type="button" className="button" onClick={onClose}>
          {esPortal.help.terms.close}
        </button>
      </div>
    </Modal>
  );
}
