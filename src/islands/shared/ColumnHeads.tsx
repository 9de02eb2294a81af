// A table's header row: one column header for each label, in order.
export default function ColumnHeads({ labels }: { labels: readonly string[] }) {
  return (
    <thead>
      <tr>
        {labels.map((label) => (
          <th scope="col" key={label}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
