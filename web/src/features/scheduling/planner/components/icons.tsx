import type { SVGProps } from 'react';

function Svg({ children, ...rest }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

export const FolderIcon = () => (
  <Svg>
    <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
  </Svg>
);

export const SaveIcon = () => (
  <Svg>
    <path d="M5 3h11l5 5v11a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z" />
    <path d="M7 3v6h8V3M7 21v-7h10v7" />
  </Svg>
);

export const PdfIcon = () => (
  <Svg>
    <path d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9z" />
    <path d="M14 3v6h6M12 12v6M9 15l3 3 3-3" />
  </Svg>
);

export const SendIcon = () => (
  <Svg>
    <path d="M22 2 11 13M22 2l-7 20-4-9-9-4z" />
  </Svg>
);

export const LockIcon = ({ open = false }: { open?: boolean }) => (
  <Svg width="14" height="14">
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d={open ? 'M8 11V7a4 4 0 0 1 7.5-2' : 'M8 11V7a4 4 0 0 1 8 0v4'} />
  </Svg>
);

export const CheckIcon = () => (
  <Svg width="16" height="16" strokeWidth="3">
    <path d="m5 12 5 5 9-10" />
  </Svg>
);

export const SidebarIcon = () => (
  <Svg>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="M9 4v16" />
  </Svg>
);

/** 'Raum ändern' on a lesson: a door. */
export const DoorIcon = () => (
  <Svg width="12" height="12">
    <path d="M5 21V4a1 1 0 0 1 1-1h12a1 1 0 0 1 1 1v17M3 21h18M15 12h.01" />
  </Svg>
);
