/**
 * Device classes of seed 000 §9 (layout rules of issue 4 part 7): desktop from 1024 px wide, mobile
 * layout under 768, small phone under 360, touchscreen = touch and under 951 wide, short desktop =
 * desktop under 651 px high; device codes PM (smartphone), PT (tablet), PD (otherwise). Pure, so the
 * server (from nothing: it assumes a desktop) and the browser (from window sizes) agree.
 */
export const BREAKPOINTS = { desktop: 1024, mobile: 768, smallPhone: 360, touchscreen: 951, shortDesktopHeight: 651 } as const;

export type DeviceCode = "PM" | "PT" | "PD";

export interface Viewport {
  width: number;
  height: number;
  /** Coarse pointer / touch events available. */
  touch: boolean;
}

export interface DeviceClass {
  code: DeviceCode;
  isDesktop: boolean;
  isMobile: boolean;
  isSmallPhone: boolean;
  isTouchscreen: boolean;
  isShortDesktop: boolean;
}

export function deviceClass({ width, height, touch }: Viewport): DeviceClass {
  const isDesktop = width >= BREAKPOINTS.desktop;
  const isMobile = width < BREAKPOINTS.mobile;
  return {
    code: isMobile ? "PM" : isDesktop ? "PD" : "PT",
    isDesktop,
    isMobile,
    isSmallPhone: width < BREAKPOINTS.smallPhone,
    isTouchscreen: touch && width < BREAKPOINTS.touchscreen,
    isShortDesktop: isDesktop && height < BREAKPOINTS.shortDesktopHeight,
  };
}

/** Fill-in listings are revealed one by one, 150 ms apart, 300 ms on mobile (seed 000 §9). */
export function fillInRevealDelay(device: Pick<DeviceClass, "isMobile">): number {
  return device.isMobile ? 300 : 150;
}
