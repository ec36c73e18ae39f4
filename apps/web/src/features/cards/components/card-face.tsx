import type { Card } from '@owo/contract/cards';
import classes from './card-face.module.css';
import { useTranslation } from 'react-i18next';

type Face = Pick<Card, 'brand' | 'last4' | 'expiryMonth' | 'expiryYear' | 'status' | 'label'> & {
  holder: { name: string };
  /** The full number, only on the create answer (shown once). */
  number?: string;
};

const expiry = (c: Face) => `${String(c.expiryMonth).padStart(2, '0')}/${String(c.expiryYear).slice(-2)}`;

/**
 * A virtual card drawn as a card (issue 37): Owo mark, chip, the number masked to its last four
 * (or whole, once, after creation), holder, expiry and the network's mark; slate while frozen.
 * Everything on it is text for a screen reader ("Card number ending 4242", "Card holder Ada Obi",
 * "Expires 04/29", "Frozen"); the dots and the drawn marks are hidden from it.
 */
export function CardFace({ card: c }: { card: Face }) {
  const { t } = useTranslation('cards');
  const groups = c.number ? (c.number.match(/.{1,4}/g) ?? [c.number]) : ['••••', '••••', '••••', c.last4];
  const stateText =
    c.status === 'active' ? '' : c.status === 'frozen' ? t('cardFace.frozen') : t('cardFace.terminated');
  return (
    <div
      className={classes.face}
      data-state={c.status}
      data-testid="card-face"
      role="group"
      aria-label={t('cardFace.card', { brand: c.brand })}
    >
      <div className={classes.row}>
        <span className={classes.brand} aria-hidden>
          <OwoMark />
          {t('cardFace.owo')}
        </span>
        {(stateText || c.label) && <span className={classes.state}>{stateText || c.label}</span>}
      </div>
      <div className={classes.row}>
        <Chip />
      </div>
      <div className={classes.number} data-testid="card-face-number">
        <span className={classes.srOnly}>
          {c.number
            ? t('cardFace.cardNumber', { number: groups.join(' ') })
            : t('cardFace.cardNumberEnding', { last4: c.last4 })}
        </span>
        <span aria-hidden>{groups.join('  ')}</span>
      </div>
      <div className={classes.row}>
        <div className={classes.holder}>
          <div className={classes.label}>{t('cardFace.cardHolder')}</div>
          <div className={classes.value}>{c.holder.name}</div>
        </div>
        <div>
          <div className={classes.label}>{t('cardFace.expires')}</div>
          <div className={classes.value}>{expiry(c)}</div>
        </div>
        <NetworkMark brand={c.brand} />
      </div>
    </div>
  );
}

function OwoMark() {
  return (
    <svg width="22" height="22" viewBox="0 0 32 32" aria-hidden>
      <rect width="32" height="32" rx="8" fill="rgba(255,255,255,0.18)" />
      <circle cx="16" cy="16" r="7" fill="none" stroke="#fff" strokeWidth="3.5" />
    </svg>
  );
}

/** The EMV chip: gold with its contact lines. */
function Chip() {
  return (
    <svg className={classes.chip} viewBox="0 0 42 32" aria-hidden>
      <defs>
        <linearGradient id="owo-chip" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f5d97a" />
          <stop offset="1" stopColor="#c9a227" />
        </linearGradient>
      </defs>
      <rect x="0.5" y="0.5" width="41" height="31" rx="6" fill="url(#owo-chip)" stroke="#a8861c" />
      <path
        d="M14 1v30M28 1v30M1 11h13M28 11h13M1 21h13M28 21h13M14 16h14"
        stroke="#a8861c"
        strokeWidth="1.2"
        fill="none"
      />
    </svg>
  );
}

/** Mastercard's two circles, Verve's red roundel, or the brand's name. */
function NetworkMark({ brand }: { brand: string }) {
  const { t } = useTranslation('cards');
  if (/mastercard/i.test(brand))
    return (
      <svg width="46" height="28" viewBox="0 0 46 28" aria-hidden>
        <circle cx="16" cy="14" r="13" fill="#eb001b" />
        <circle cx="30" cy="14" r="13" fill="#f79e1b" />
        <path d="M23 3a13 13 0 0 1 0 22a13 13 0 0 1 0-22z" fill="#ff5f00" />
      </svg>
    );
  if (/verve/i.test(brand))
    return (
      <svg width="72" height="26" viewBox="0 0 72 26" aria-hidden>
        <circle cx="13" cy="13" r="12" fill="#e4002b" />
        <path d="M7 8l6 11 6-11" stroke="#fff" strokeWidth="3" fill="none" strokeLinejoin="round" />
        <text x="28" y="18" fill="#fff" fontSize="13" fontWeight="800" fontStyle="italic">
          {t('cardFace.verve')}
        </text>
      </svg>
    );
  return (
    <span className={classes.brand} aria-hidden>
      {brand}
    </span>
  );
}
