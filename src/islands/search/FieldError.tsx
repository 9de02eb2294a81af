// A field's message under it, in words; its id lets the field point to it (aria-describedby).
interface Props {
  id: string;
  message: string | undefined;
}

export default function FieldError({ id, message }: Props) {
  return message ? (
    <p id={id} className="field-error">
      {message}
    </p>
  ) : null;
}
