import { OnboardingModal } from '../onboarding/OnboardingModal.tsx';

/**
 * The help menu's intro guide: the onboarding carousel's five slides, for
 * anyone, logged in or not, as many times as they like (it never asks for
 * the profile form; the session's own onboarding does that).
 */
export function IntroGuide({ onClose }: { onClose: () => void }) {
  return <OnboardingModal withForm={false} onDone={() => onClose()} />;
}
