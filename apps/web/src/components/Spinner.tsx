import './spinner.css';

/** A decorative spinner; the surrounding element carries the accessible text. */
export function Spinner({ size = 'md' }: { size?: 'sm' | 'md' | 'lg' }) {
  return <span className={`wb-spinner wb-spinner--${size}`} aria-hidden="true" />;
}
