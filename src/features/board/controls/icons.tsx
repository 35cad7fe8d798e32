/** Small line icons for the board's round buttons (decorative: each button has its own name). */
import type { ReactNode } from 'react';

export function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      className="board-icon"
      viewBox="0 0 24 24"
      width="22"
      height="22"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

export function ShareIcon() {
  return (
    <Icon>
      <circle cx="18" cy="5" r="2.5" />
      <circle cx="6" cy="12" r="2.5" />
      <circle cx="18" cy="19" r="2.5" />
      <path d="M8.2 10.8 15.8 6.2M8.2 13.2l7.6 4.6" />
    </Icon>
  );
}

export function FreeSpotIcon() {
  return (
    <Icon>
      <rect x="4" y="6" width="16" height="12" rx="1.5" strokeDasharray="3 2.5" />
      <path d="M12 9.5v5M9.5 12h5" />
    </Icon>
  );
}

export function DownloadIcon() {
  return (
    <Icon>
      <path d="M12 4v11M7.5 10.5 12 15l4.5-4.5M5 19.5h14" />
    </Icon>
  );
}

export function OverviewIcon() {
  return (
    <Icon>
      <rect x="3.5" y="3.5" width="17" height="17" rx="2" />
      <rect x="8" y="8" width="7" height="5.5" />
    </Icon>
  );
}

export function MoreToolsIcon() {
  return (
    <Icon>
      <circle cx="5.5" cy="12" r="1.2" fill="currentColor" />
      <circle cx="12" cy="12" r="1.2" fill="currentColor" />
      <circle cx="18.5" cy="12" r="1.2" fill="currentColor" />
    </Icon>
  );
}

export function ReplayIcon() {
  return (
    <Icon>
      <path d="M3 12a9 9 0 1 0 3-6.7" />
      <path d="M3 4v5h5" />
      <path d="M10 9l5 3-5 3z" />
    </Icon>
  );
}

/** A box with an arrow leaving it: opens elsewhere (the full wall, from an embed). */
export function OpenFullWallIcon() {
  return (
    <Icon>
      <path d="M14 4h6v6M20 4l-9 9" />
      <path d="M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
    </Icon>
  );
}
