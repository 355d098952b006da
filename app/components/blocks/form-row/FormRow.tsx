import { FieldControl } from "#app/components/fields/FieldControl.tsx";

/** SPEC §9 form rows: one input at col-md-6, two at col-lg-6 each, three at col-lg-4 each. */
export function FormRow({ fields, className }: { fields: string[]; className?: string }) {
  return (
    <div className={`form-row form-row-${fields.length}${className ? ` ${className}` : ""}`}>
      {fields.map((path) => (
        <div key={path} className="form-row-cell">
          <FieldControl path={path} />
        </div>
      ))}
    </div>
  );
}
