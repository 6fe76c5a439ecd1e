/**
 * The form of a custom tool's call, generated from the tool's `input_schema`: one labelled field
 * per property (with its description), showing what the agent asked, then the answer (the
 * result's text, and whether it is an error), sent as a `user.custom_tool_result`.
 */
import type { JSX } from "preact";
import { useState } from "preact/hooks";

type JsonSchema = {
  type?: string | string[];
  description?: string;
  title?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

function Field({
  name,
  schema,
  value,
  required,
  idPrefix,
}: {
  name: string;
  schema: JsonSchema;
  value: unknown;
  required: boolean;
  idPrefix: string;
}) {
  const id = `${idPrefix}-${name}`;
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  const describedBy = schema.description ? `${id}-desc` : undefined;
  const label = (
    <label for={id}>
      {schema.title ?? name}
      {required ? " (required)" : ""}
    </label>
  );
  const help = schema.description ? (
    <small id={describedBy} class="muted">
      {schema.description}
    </small>
  ) : null;
  let input: JSX.Element;
  if (type === "boolean") {
    input = <input id={id} type="checkbox" checked={value === true} disabled aria-describedby={describedBy} />;
  } else if (Array.isArray(schema.enum)) {
    input = (
      <select id={id} disabled aria-describedby={describedBy} value={String(value ?? "")}>
        {schema.enum.map((option) => (
          <option key={String(option)} value={String(option)}>
            {String(option)}
          </option>
        ))}
      </select>
    );
  } else if (type === "object" || type === "array") {
    input = (
      <textarea
        id={id}
        readOnly
        rows={3}
        aria-describedby={describedBy}
        value={JSON.stringify(value ?? null, null, 2)}
      />
    );
  } else {
    input = (
      <input
        id={id}
        type={type === "integer" || type === "number" ? "number" : "text"}
        readOnly
        aria-describedby={describedBy}
        value={value === undefined ? "" : String(value)}
      />
    );
  }
  return (
    <div class="field">
      {label}
      {input}
      {help}
    </div>
  );
}

export function CustomToolForm({
  callId,
  toolName,
  schema,
  input,
  onAnswer,
}: {
  callId: string;
  toolName: string;
  schema: JsonSchema | undefined;
  input: Record<string, unknown>;
  onAnswer: (text: string, isError: boolean) => Promise<void>;
}) {
  const [text, setText] = useState("");
  const [isError, setIsError] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const properties = schema?.properties ?? {};
  const names = [...new Set([...Object.keys(properties), ...Object.keys(input)])];
  return (
    <form
      class="custom-tool"
      aria-label={`Answer ${toolName}`}
      onSubmit={(e) => {
        e.preventDefault();
        setBusy(true);
        setError(null);
        onAnswer(text, isError).then(
          () => setBusy(false),
          (err: unknown) => {
            setBusy(false);
            setError(err instanceof Error ? err.message : String(err));
          },
        );
      }}
    >
      <fieldset>
        <legend>
          The agent called <code>{toolName}</code> with
        </legend>
        {names.length === 0 ? <p class="muted">no input</p> : null}
        {names.map((name) => (
          <Field
            key={name}
            idPrefix={`call-${callId}`}
            name={name}
            schema={properties[name] ?? {}}
            value={input[name]}
            required={schema?.required?.includes(name) ?? false}
          />
        ))}
      </fieldset>
      <fieldset>
        <legend>Your answer</legend>
        <div class="field">
          <label for={`answer-${callId}`}>Result</label>
          <textarea
            id={`answer-${callId}`}
            required
            rows={3}
            value={text}
            onInput={(e) => setText(e.currentTarget.value)}
          />
        </div>
        <label class="check">
          <input type="checkbox" checked={isError} onChange={(e) => setIsError(e.currentTarget.checked)} />
          The call failed (send as an error)
        </label>
      </fieldset>
      <button type="submit" class="primary" disabled={busy}>
        Send the result
      </button>
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
