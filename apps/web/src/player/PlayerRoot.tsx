/** Being built: replaced by the player. */
export default function PlayerRoot() {
  return null;
}
