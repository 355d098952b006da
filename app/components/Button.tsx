import { type ButtonHTMLAttributes, type ReactNode, useState } from "react";
import type { IconName } from "#app/forms/page-schema.ts";
import { Icon } from "./Icon.tsx";

export const BUTTON_STYLES = [
  "default",
  "primary",
  "secondary",
  "outlinePrimary",
  "outlineSecondary",
  "outline",
] as const;
export type ButtonStyle = (typeof BUTTON_STYLES)[number];

const CLASS: Record<ButtonStyle, string | undefined> = {
  default: undefined,
  primary: undefined,
  secondary: "secondary",
  outlinePrimary: "outline",
  outlineSecondary: "secondary outline",
  outline: "contrast outline",
};

interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "onClick" | "style"> {
  label?: ReactNode;
  icon?: IconName;
  buttonStyle?: ButtonStyle;
  /** Runs on click; the button stays disabled until it settles, unless shouldDisableOnClick is false. */
  onClick?: () => unknown;
  shouldDisableOnClick?: boolean;
  /** Disabled from outside too: while navigating or while the captcha runs (SPEC §4 "Other UI"). */
  busy?: boolean;
}

/** SPEC §4/§5 button: a label or an icon is required; disabled while its handler runs. */
export function Button({
  label,
  icon,
  buttonStyle = "default",
  onClick,
  shouldDisableOnClick = true,
  busy = false,
  ...props
}: ButtonProps) {
  if (!label && !icon) throw new Error("Either label or icon must have a value.");
  const [running, setRunning] = useState(false);
  const disabled = props.disabled || busy || running;
  return (
    <button
      type="button"
      {...props}
      className={[CLASS[buttonStyle], props.className].filter(Boolean).join(" ") || undefined}
      disabled={disabled}
      aria-busy={busy || running || undefined}
      onClick={
        onClick
          ? async () => {
              if (shouldDisableOnClick) setRunning(true);
              try {
                await onClick();
              } finally {
                setRunning(false);
              }
            }
          : undefined
      }
    >
      {icon && <Icon name={icon} label={label ? undefined : (props["aria-label"] ?? icon)} />}
      {label}
    </button>
  );
}
