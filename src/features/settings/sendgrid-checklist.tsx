/**
 * The SendGrid domain's DNS records (spec §3 `sendgridDomainDns`: record → valid) as a checklist: what
 * the agency's DNS must hold before mail from its sender address is authenticated.
 */
export function SendgridChecklist({
  records,
  domainId,
}: {
  records: Readonly<Record<string, boolean>> | null;
  domainId: string;
}) {
  const entries = Object.entries(records ?? {}).sort(([a], [b]) => a.localeCompare(b));
  return (
    <div className="settings__dns" data-testid="sendgrid-dns">
      <p className="settings__dns-title">Sender domain DNS records</p>
      {entries.length === 0 ? (
        <p className="book-form__help">
          {domainId
            ? "SendGrid has not reported the domain's DNS records yet."
            : "No sender domain is set up: e-mails go out from the platform's address."}
        </p>
      ) : (
        <ul className="settings__dns-list">
          {entries.map(([record, valid]) => (
            <li key={record} data-valid={valid}>
              <span aria-hidden="true">{valid ? "✓" : "✗"}</span> <code>{record}</code>{" "}
              <span>{valid ? "found and valid" : "missing or wrong — add it at your DNS host"}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
