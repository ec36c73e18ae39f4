type P = { size?: number };
const svg = (size: number, d: React.ReactNode) => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    {d}
  </svg>
);
export const BellIcon = ({ size = 20 }: P) =>
  svg(
    size,
    <>
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </>,
  );
export const DotsIcon = ({ size = 18 }: P) =>
  svg(
    size,
    <>
      <circle cx="12" cy="5" r="1" />
      <circle cx="12" cy="12" r="1" />
      <circle cx="12" cy="19" r="1" />
    </>,
  );
export const FilterIcon = ({ size = 18 }: P) => svg(size, <path d="M3 5h18l-7 8v6l-4 2v-8z" />);
export const CheckAllIcon = ({ size = 16 }: P) =>
  svg(
    size,
    <>
      <path d="M2 12l5 5L18 6" />
      <path d="M12 16l1 1L22 8" />
    </>,
  );
export const TrashIcon = ({ size = 16 }: P) =>
  svg(
    size,
    <>
      <path d="M3 6h18" />
      <path d="M8 6V4h8v2" />
      <path d="M6 6l1 14h10l1-14" />
    </>,
  );
export const EyeIcon = ({ size = 16 }: P) =>
  svg(
    size,
    <>
      <path d="M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </>,
  );
