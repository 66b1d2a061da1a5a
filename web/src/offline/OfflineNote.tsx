/** Says a page shows what the phone stored, not the kit's current answer. */
export function OfflineNote({ text }: { text: string }) {
  return (
    <p className="offline-note" role="status" data-testid="offline-note">
      {text}
    </p>
  );
}
