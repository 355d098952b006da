import type { ReactNode } from "react";
import type { IconName } from "#app/forms/page-schema.ts";
import { Icon } from "./Icon.tsx";

/** SPEC §5: a labelled value needs a label or an icon (an icon alone is given the label as its name). */
export function LabelledValue({ label, icon, children }: { label?: string; icon?: IconName; children: ReactNode }) {
  if (!label && !icon) throw new Error("Either label or icon must have a value.");
  return (
    <dl className="labelled-value">
      <dt>
        {icon && <Icon name={icon} label={label ? undefined : icon} />}
        {label}
      </dt>
      <dd>{children}</dd>
    </dl>
  );
}
