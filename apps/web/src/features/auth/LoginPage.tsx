/** Being built: replaced by its feature's screen. */
export default function LoginPage() {
  return null;
}
