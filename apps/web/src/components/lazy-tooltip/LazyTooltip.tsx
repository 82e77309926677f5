import type { TooltipProps } from '@mantine/core';
import {
  cloneElement,
  isValidElement,
  type ReactElement,
  type Ref,
  type SyntheticEvent,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { afterNextPaint } from '../../lib/after-paint';
import { whenIdle } from '../../lib/idle';

type TooltipComponent = typeof import('./tooltip-chunk').Tooltip;
type Trigger = 'hover' | 'focus' | 'touch';

let loaded: TooltipComponent | undefined;
let loading: Promise<TooltipComponent | undefined> | undefined;
const waiting = new Set<(tooltip: TooltipComponent) => void>();

/**
 * Switches the waiting LazyTooltips to Mantine's Tooltip one per frame, so each is a small commit of its
 * own: all at once (a dozen on the works page) was one commit of a dozen popovers, each rendered again
 * synchronously for its id, a long task inside Lighthouse's blocking-time window (issue 14).
 */
function swapInTurn(tooltip: TooltipComponent): void {
  const next = waiting.values().next();
  if (next.done) return;
  waiting.delete(next.value);
  next.value(tooltip);
  afterNextPaint(() => swapInTurn(tooltip));
}

/**
 * Loads Mantine's Tooltip once; every LazyTooltip on screen switches to it, one per frame. A chunk that
 * could not be fetched (an outage) is no error: the children stay without their tooltips, and the next
 * hover, focus or touch asks again (a rejected import stays rejected, so it is dropped).
 */
export function loadTooltip(): Promise<TooltipComponent | undefined> {
  loading ??= import('./tooltip-chunk').then(
    ({ Tooltip }) => {
      loaded = Tooltip;
      swapInTurn(Tooltip);
      return Tooltip;
    },
    () => {
      loading = undefined;
      return undefined;
    },
  );
  return loading;
}

function assignRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as { current: T | null }).current = value;
}

type ChildProps = Record<string, unknown> & { ref?: Ref<HTMLElement> };

/**
 * When a LazyTooltip takes Mantine's Tooltip: `idle`, once its code has loaded in idle time (one per
 * frame), for a child that is clicked, since taking it remounts the child and a click under way would be
 * lost; `first-use`, only when first hovered, focused or touched, for a child repeated on every card
 * (the stars): a dozen Tooltips mounted in idle time were a dozen long tasks on a phone (issue 14), most
 * for cards nobody points at.
 */
export type TooltipTakeOver = 'idle' | 'first-use';

/**
 * Mantine's Tooltip, with the same props, loaded after the first screen: until then the child renders
 * alone, and hovering, focusing or touching it loads the tooltip and opens it as Mantine's would.
 * Focus stays on the child when the tooltip takes over.
 */
export function LazyTooltip({ takeOver = 'idle', ...props }: TooltipProps & { takeOver?: TooltipTakeOver }) {
  const { children, disabled, events } = props;
  const [Tooltip, setTooltip] = useState<TooltipComponent | undefined>(() =>
    takeOver === 'idle' ? loaded : undefined,
  );
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const node = useRef<HTMLElement | null>(null);
  const refocus = useRef(false);

  const swap = useCallback((tooltip: TooltipComponent) => {
    refocus.current = node.current?.contains(document.activeElement) ?? false;
    // A transition: React renders the page's tooltips in short slices instead of one long task
    // (twelve cards' worth on the works page), and a click or key on the way goes first.
    startTransition(() => setTooltip(() => tooltip));
  }, []);

  useEffect(() => {
    if (Tooltip) return;
    // After the first screen has settled the tooltip code loads on its own (the works page's budget), also
    // for 'first-use' tooltips, which do not take it then: their first hover does not wait for a fetch.
    void whenIdle().then(loadTooltip);
    if (takeOver !== 'idle') return;
    waiting.add(swap);
    return () => {
      waiting.delete(swap);
    };
  }, [Tooltip, takeOver, swap]);

  useLayoutEffect(() => {
    if (!Tooltip || !refocus.current) return;
    refocus.current = false;
    node.current?.focus();
  }, [Tooltip]);

  const child = isValidElement<ChildProps>(children) ? (children as ReactElement<ChildProps>) : null;
  const childRef = child?.props.ref;
  const ref = useCallback(
    (element: HTMLElement | null) => {
      node.current = element;
      assignRef(childRef, element);
    },
    [childRef],
  );
  if (!child) return null;

  if (Tooltip) {
    return (
      <Tooltip {...props} defaultOpened={props.defaultOpened ?? openOnLoad}>
        {cloneElement(child, { ref })}
      </Tooltip>
    );
  }

  const enabled: Record<Trigger, boolean> = {
    hover: events?.hover ?? true,
    focus: events?.focus ?? false,
    touch: events?.touch ?? false,
  };
  const handler = (name: string, trigger: Trigger, open: boolean) => (event: SyntheticEvent) => {
    (child.props[name] as ((event: SyntheticEvent) => void) | undefined)?.(event);
    if (disabled || !enabled[trigger]) return;
    setOpenOnLoad(open);
    if (!open) return;
    if (takeOver === 'idle') void loadTooltip();
    else void loadTooltip().then((tooltip) => tooltip && swap(tooltip));
  };
  return cloneElement(child, {
    ref,
    onMouseEnter: handler('onMouseEnter', 'hover', true),
    onMouseLeave: handler('onMouseLeave', 'hover', false),
    onFocus: handler('onFocus', 'focus', true),
    onBlur: handler('onBlur', 'focus', false),
    onTouchStart: handler('onTouchStart', 'touch', true),
  });
}
