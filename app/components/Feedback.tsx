import type { ReactNode } from "react";
import type { IconName } from "#app/forms/page-schema.ts";
import { Icon } from "./Icon.tsx";

/** SPEC §9 feedback styles: default, success, warning. */
export function Feedback({
  style = "default",
  icon,
  children,
}: {
  style?: "default" | "success" | "warning";
  icon?: IconName;
  children: ReactNode;
}) {
  return (
    <div className={`feedback feedback-${style}`}>
      {icon && <Icon name={icon} />}
      <p>{children}</p>
    </div>
  );
}
