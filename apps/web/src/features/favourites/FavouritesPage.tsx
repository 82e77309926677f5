/** Being built: replaced by its feature's screen. */
export default function FavouritesPage() {
  return null;
}
