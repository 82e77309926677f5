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

let loading: Promise<TooltipComponent> | undefined;

/** Loads Mantine's Tooltip once. */
export function loadTooltip(): Promise<TooltipComponent> {
  loading ??= import('./tooltip-chunk').then(({ Tooltip }) => Tooltip);
  return loading;
}

function assignRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as { current: T | null }).current = value;
}

type ChildProps = Record<string, unknown> & { ref?: Ref<HTMLElement> };

/**
 * Mantine's Tooltip, with the same props, taken on when first wanted: until its child is hovered,
 * focused or touched the child renders alone; then the tooltip code loads (it is fetched in idle time
 * after the first screen, so it is usually there already) and opens as Mantine's would. Focus stays on
 * the child when the tooltip takes over. Each one takes over on its own: swapping every tooltip on the
 * page once the code had loaded re-rendered the works page's cards in one long task.
 */
export function LazyTooltip(props: TooltipProps) {
  const { children, disabled, events } = props;
  const [Tooltip, setTooltip] = useState<TooltipComponent | undefined>(undefined);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const node = useRef<HTMLElement | null>(null);
  const refocus = useRef(false);

  useEffect(() => {
    void whenIdle().then(loadTooltip);
  }, []);

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
    void loadTooltip().then((tooltip) => {
      refocus.current = node.current?.contains(document.activeElement) ?? false;
      setTooltip(() => tooltip);
    });
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
