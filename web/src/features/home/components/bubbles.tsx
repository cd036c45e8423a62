const BUBBLES = [
  {
    size: 'size-24',
    position: 'top-[8%] left-[6%]',
    tone: 'bg-brand-200/60',
    delay: '[animation-delay:0s]',
  },
  {
    size: 'size-14',
    position: 'top-[22%] right-[10%]',
    tone: 'bg-accent-200/70',
    delay: '[animation-delay:-3s]',
  },
  {
    size: 'size-32',
    position: 'bottom-[18%] left-[-4%]',
    tone: 'bg-accent-100/70',
    delay: '[animation-delay:-6s]',
  },
  {
    size: 'size-20',
    position: 'bottom-[30%] right-[4%]',
    tone: 'bg-brand-100/80',
    delay: '[animation-delay:-9s]',
  },
  {
    size: 'size-10',
    position: 'top-[48%] left-[42%]',
    tone: 'bg-brand-300/40',
    delay: '[animation-delay:-4.5s]',
  },
] as const;

/** Slowly floating bubbles behind the home screen; still when the user prefers reduced motion. */
export function Bubbles() {
  return (
    <div
      aria-hidden="true"
      data-testid="home-bubbles"
      className="pointer-events-none absolute inset-0 -z-10 overflow-hidden"
    >
      {BUBBLES.map(({ size, position, tone, delay }) => (
        <span
          key={`${size}${position}`}
          className={`absolute rounded-full ${size} ${position} ${tone} ${delay} motion-safe:animate-float`}
        />
      ))}
    </div>
  );
}
