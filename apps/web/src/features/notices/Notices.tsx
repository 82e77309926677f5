/** Being built: replaced by the notices feature. */
export function Notices() {
  return null;
}
