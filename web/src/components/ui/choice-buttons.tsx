import type { ReactNode } from 'react';
import { Button } from './button.tsx';

/** A column of equal choices (sign in with…, add a factor…), one secondary button each. */
export function ChoiceButtons<C extends string>({
  choices,
  disabled,
  onChoose,
  children,
  align = 'center',
}: {
  choices: readonly C[];
  disabled: boolean;
  onChoose: (choice: C) => void;
  /** The content of one choice's button. */
  children: (choice: C) => ReactNode;
  align?: 'center' | 'start';
}) {
  return (
    <div className="flex flex-col gap-2">
      {choices.map((choice) => (
        <Button
          key={choice}
          variant="secondary"
          disabled={disabled}
          onClick={() => onChoose(choice)}
          className={align === 'start' ? 'justify-start' : undefined}
        >
          {children(choice)}
        </Button>
      ))}
    </div>
  );
}
