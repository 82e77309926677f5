import { cloneElement, type ReactElement, type ReactNode, Suspense, useState } from 'react';

/**
 * A menu's button, plain until its first click, then `menu(button)`: a lazy component (Mantine's Menu,
 * with its popover and floating-ui, in a chunk of its own) that opens at once around the same button.
 * A screen showing the button then carries none of the menu's code in its first load: on the work page
 * floating-ui and Mantine's Menu were about half of its chunk (issue 14's phone budget, whose largest
 * paint waited for those bytes beside the app's).
 */
export function MenuOnFirstClick({
  button,
  menu,
}: {
  button: ReactElement<{ onClick?: () => void }>;
  menu(button: ReactElement): ReactNode;
}) {
  const [clicked, setClicked] = useState(false);
  if (!clicked) return cloneElement(button, { onClick: () => setClicked(true) });
  return <Suspense fallback={button}>{menu(button)}</Suspense>;
}
