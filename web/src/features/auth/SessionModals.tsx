import type { User } from '@kit/contract';
import { useEffect, useMemo, useState } from 'react';
import { getUser } from '../../api/account-reads.ts';
import { ChangePasswordModal } from '../users/ChangePasswordModal.tsx';
import { hasSeenOnboarding, markOnboardingSeen, shouldShowOnboarding } from '../onboarding/onboarding-logic.ts';
import { OnboardingModal } from '../onboarding/OnboardingModal.tsx';
import { isoToday, needsProfileDetails } from '../users/profile-validation.ts';
import { hasTemporaryLoginCookie } from '../../session/tmp-login-cookie.ts';
import { useSession } from '../../session/session-store.ts';

export interface SessionModalsProps {
  /** the onboarding may open on this page (not on login pages, the admin area or /extra/*) */
  onboardingAllowed: boolean;
}

/**
 * The modals a logged-in session may owe the user: first the forced
 * "Cambio de contraseña" after a temporary login, then the onboarding.
 */
export function SessionModals({ onboardingAllowed }: SessionModalsProps) {
  const session = useSession();
  const userId = session.userId;
  const forced = session.loggedIn && (session.mustChangePassword || hasTemporaryLoginCookie());
  const [profile, setProfile] = useState<{ id: number; user: User } | null>(null);
  const [closedFor, setClosedFor] = useState<number | null>(null);
  const today = useMemo(() => isoToday(), []);

  useEffect(() => {
    if (userId === null || forced || !onboardingAllowed || profile?.id === userId) return;
    const controller = new AbortController();
    getUser(userId, controller.signal).then(
      (user) => setProfile({ id: userId, user }),
      () => undefined,
    );
    return () => controller.abort();
  }, [userId, forced, onboardingAllowed, profile?.id]);

  if (userId === null) return null;
  if (forced) return <ChangePasswordModal forced onSaved={() => undefined} />;
  if (!onboardingAllowed || closedFor === userId || profile?.id !== userId) return null;

  const withForm = needsProfileDetails(profile.user, today);
  if (!shouldShowOnboarding(hasSeenOnboarding(userId), withForm)) return null;
  return (
    <OnboardingModal
      user={profile.user}
      withForm={withForm}
      onDone={(saved) => {
        markOnboardingSeen(userId);
        if (saved) setProfile({ id: userId, user: saved });
        setClosedFor(userId);
      }}
    />
  );
}
