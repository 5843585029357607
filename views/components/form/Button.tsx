// A USWDS button. Buttons submit forms by default only when asked to: type is explicit.
import type { MouseEvent, ReactElement, ReactNode } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'unstyled' | 'base';

export interface ButtonProps {
  children: ReactNode;
  type?: 'button' | 'submit' | 'reset';
  variant?: ButtonVariant;
  disabled?: boolean;
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
  name?: string;
  value?: string;
  id?: string;
  className?: string;
  /** The id of a form the button submits when it sits outside it. */
  form?: string;
  autoFocus?: boolean;
  'aria-describedby'?: string;
}

const variantClass: Record<ButtonVariant, string> = {
  primary: '',
  secondary: ' usa-button--secondary',
  outline: ' usa-button--outline',
  unstyled: ' usa-button--unstyled',
  base: ' usa-button--base',
};

export function Button({ children, type = 'button', variant = 'primary', className, ...rest }: ButtonProps): ReactElement {
  return (
    <button type={type} className={`usa-button${variantClass[variant]}${className ? ` ${className}` : ''}`} {...rest}>
      {children}
    </button>
  );
}
