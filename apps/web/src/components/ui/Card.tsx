import { useId } from 'react';
import type { CSSProperties, ReactNode } from 'react';

interface CardProps {
  title: ReactNode;
  /** What the header holds after the title: badges, a count, a switch, a picker. */
  actions?: ReactNode;
  /** Classes added to the card's own (wb-card) and its header's (wb-card__header). */
  className?: string;
  headerClassName?: string;
  /** Custom properties a card's own CSS reads (e.g. its skeleton height). */
  style?: CSSProperties;
  testId?: string;
  children: ReactNode;
}

const classes = (base: string, extra: string | undefined) => (extra ? `${base} ${extra}` : base);

/** A titled section of a page (the look is wb-card, in styles/base.css). */
export function Card({
  title,
  actions,
  className,
  headerClassName,
  style,
  testId,
  children,
}: CardProps) {
  const titleId = useId();
  return (
    <section
      className={classes('wb-card', className)}
      aria-labelledby={titleId}
      data-testid={testId}
      style={style}
    >
      <header className={classes('wb-card__header', headerClassName)}>
        <h2 id={titleId} className="wb-card__title">
          {title}
        </h2>
        {actions}
      </header>
      {children}
    </section>
  );
}
