import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ContactModal } from '../contact/ContactModal.tsx';
import type { HelpKind } from '../../ui/help-links.ts';
import { IntroGuide } from './IntroGuide.tsx';
import { TermsModal } from '../terms/TermsModal.tsx';

/** One help modal; closing it drops the hash and leaves the page as it was. */
export function HelpModal({ kind }: { kind: HelpKind }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const close = useCallback(() => void navigate({ pathname, search }, { replace: true, preventScrollReset: true }), [navigate, pathname, search]);
  switch (kind) {
    case 'terms':
      return <TermsModal onClose={close} />;
    case 'contact':
      return <ContactModal onClose={close} />;
    case 'intro':
      return <IntroGuide onClose={close} />;
  }
}
