import type { TooltipProps } from '@mantine/core';
import {
  cloneElement,
  isValidElement,
  type ReactElement,
  type Ref,
  type SyntheticEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { whenIdle } from '../../lib/idle';

type TooltipComponent = typeof import('./tooltip-chunk').Tooltip;
type Trigger = 'hover' | 'focus' | 'touch';

let loaded: TooltipComponent | undefined;
let loading: Promise<TooltipComponent | undefined> | undefined;

/**
 * Loads Mantine's Tooltip once. A chunk that could not be fetched (an outage) is no error: the children
 * stay without their tooltips, and the next hover, focus or touch asks again (a rejected import stays
 * rejected, so it is dropped).
 */
export function loadTooltip(): Promise<TooltipComponent | undefined> {
  loading ??= import('./tooltip-chunk').then(
    ({ Tooltip }) => {
      loaded = Tooltip;
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
 * Mantine's Tooltip, with the same props. Its code loads in idle time after the first screen, but a
 * child takes a Tooltip only when first hovered, focused or touched, which opens it as Mantine's would:
 * swapping every tooltip on the page in once the code arrived mounted a dozen popovers in one commit,
 * each rendered again synchronously for its id (issue 14's phone budget: total blocking time). Focus
 * stays on the child when the tooltip takes over.
 */
export function LazyTooltip(props: TooltipProps) {
  const { children, disabled, events } = props;
  const [Tooltip, setTooltip] = useState<TooltipComponent | undefined>();
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const node = useRef<HTMLElement | null>(null);
  const refocus = useRef(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    // After the first screen has settled the tooltip code loads on its own (the works page's budget),
    // so the first hover does not wait for it.
    void whenIdle().then(loadTooltip);
    return () => {
      mounted.current = false;
    };
  }, []);

  const take = () => {
    const swap = (tooltip: TooltipComponent | undefined) => {
      if (!tooltip || !mounted.current) return;
      refocus.current = node.current?.contains(document.activeElement) ?? false;
      setTooltip(() => tooltip);
    };
    if (loaded) swap(loaded);
    else void loadTooltip().then(swap);
  };

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
    if (open) take();
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
