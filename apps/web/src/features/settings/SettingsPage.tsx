/** Being built: replaced by its feature's screen. */
export default function SettingsPage() {
  return null;
}
