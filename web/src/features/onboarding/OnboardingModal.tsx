import type { User } from '@kit/contract';
import { useState } from 'react';
import { BREAKPOINTS } from '../../layouts/breakpoints.ts';
import { esAccounts } from '../../i18n/es-accounts.ts';
import { Modal } from '../../ui/modal/Modal.tsx';
import { PersonalDetailsForm } from '../users/PersonalDetailsForm.tsx';
import { buttonKind, isDismissable, isFormSlide, nextSlide, slideCount, slideImages } from './onboarding-logic.ts';
import './onboarding.css';

export interface OnboardingModalProps {
  /** whose profile the form slide completes; only needed with `withForm` (the help menu's intro guide shows the slides to anyone) */
  user?: User;
  /** add the "Completa tu perfil" slide; the modal then cannot be closed */
  withForm: boolean;
  /** closed, finished, or the profile form saved (with the saved user) */
  onDone: (saved?: User) => void;
}

/** docs/PRODUCT.md#onboarding onboarding modal: a carousel of 5 intro slides, and the profile form slide when needed. */
export function OnboardingModal({ user, withForm, onDone }: OnboardingModalProps) {
  const [index, setIndex] = useState(0);
  const count = slideCount(withForm);
  const formSlide = isFormSlide(index, withForm);
  const slide = esAccounts.onboarding.slides[index];
  const title = formSlide || !slide ? esAccounts.onboarding.profileTitle : slide.title;

  return (
    <Modal
      title={title}
      closeLabel={esAccounts.onboarding.close}
      onClose={isDismissable(withForm) ? () => onDone() : undefined}
      className="onboarding"
    >
      <div className="onboarding__content" data-testid="onboarding-slide" data-index={index}>
        {formSlide || !slide ? (
          <>
            <p className="account-form__intro">{esAccounts.onboarding.profileIntro}</p>
            {user && <PersonalDetailsForm user={user} submitLabel={esAccounts.onboarding.finish} onSaved={onDone} idPrefix="onboarding" />}
          </>
        ) : (
          <>
            <picture>
              <source media={`(min-width: ${BREAKPOINTS.md}px)`} srcSet={slideImages(index).large} width={640} height={320} />
              <img className="onboarding__image" src={slideImages(index).small} alt="" width={320} height={240} />
            </picture>
            <p className="onboarding__text">{slide.text}</p>
          </>
        )}
      </div>
      <div className="onboarding__footer">
        {/* a list of the steps, the one shown marked as the current step: a pattern screen readers know */}
        <ol className="onboarding__dots" aria-label={esAccounts.onboarding.steps}>
          {Array.from({ length: count }, (_, i) => (
            <li
              key={i}
              className={i === index ? 'onboarding__dot onboarding__dot--current' : 'onboarding__dot'}
              aria-current={i === index ? 'step' : undefined}
            >
              <span className="visually-hidden">{`${esAccounts.onboarding.step} ${i + 1} ${esAccounts.onboarding.of} ${count}`}</span>
            </li>
          ))}
        </ol>
        {!formSlide && (
          <button
            type="button"
            className="button"
            onClick={() => (buttonKind(index, withForm) === 'next' ? setIndex(nextSlide(index, withForm)) : onDone())}
          >
            {buttonKind(index, withForm) === 'next' ? esAccounts.onboarding.next : esAccounts.onboarding.finish}
          </button>
        )}
      </div>
    </Modal>
  );
}
