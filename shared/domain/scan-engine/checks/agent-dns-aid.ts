/**
 * DNS-AID in the agent check, as a finding without points (issue 37 point 3): the TXT record at
 * `_agent.<host>` read where DNS allows. Offline the lookup is not made, and the finding says
 * the signal is not applicable for that reason rather than absent; no record is information
 * (a site does not need one); a record an AID client would reject is named precisely.
 */
import type { ScanArtifacts } from '#shared/domain/scan-engine/artifacts';
import { parseAidRecord } from '#shared/domain/scan-engine/dns-aid';
import { standardRef } from '#shared/domain/scan-engine/standards';
import type { Finding } from '#shared/domain/scan-engine/types';

export function dnsAidFindings(artifacts: ScanArtifacts): Finding[] {
  const answer = artifacts.dnsAid;
  if (answer === undefined) return [];
  const standard = standardRef('dns-aid');
  switch (answer.kind) {
    case 'offline':
      return [
        {
          id: 'agent.dns_aid_offline',
          state: 'info',
          standard,
          text: `Not applicable here: DNS-AID (a TXT record at ${answer.name}) was not looked up, because this scanner runs offline (OFFLINE_DNS=1) and asks no DNS server.`,
        },
      ];
    case 'error':
      return [
        {
          id: 'agent.dns_aid_unreadable',
          state: 'unknown',
          standard,
          text: `DNS-AID could not be read: the TXT lookup of ${answer.name} failed (${answer.message.slice(0, 80)}); not judged.`,
        },
      ];
    case 'none':
      return [
        {
          id: 'agent.dns_aid_none',
          state: 'info',
          standard,
          text: `No DNS-AID record at ${answer.name}; a site whose agents are found another way does not need one.`,
        },
      ];
    case 'records':
      return recordFindings(answer.name, answer.records, standard);
  }
}

function recordFindings(
  name: string,
  records: readonly string[],
  standard: Finding['standard'],
): Finding[] {
  const aid = records.filter((record) => /^\s*(v|version)\s*=\s*aid/i.test(record));
  if (aid.length === 0) {
    return [
      {
        id: 'agent.dns_aid_none',
        state: 'info',
        standard,
        text: `No DNS-AID record among the TXT records of ${name}.`,
      },
    ];
  }
  if (aid.length > 1) {
    return [
      {
        id: 'agent.dns_aid_multiple',
        state: 'bad',
        standard,
        text: `${name} has ${aid.length} DNS-AID records; AID clients need exactly one and reject the name otherwise.`,
      },
    ];
  }
  const parsed = parseAidRecord(aid[0] as string);
  if (!parsed.ok) {
    return [
      {
        id: 'agent.dns_aid_malformed',
        state: 'bad',
        standard,
        text: `The DNS-AID record at ${name} is malformed: ${parsed.problem}.`,
      },
    ];
  }
  const compat =
    parsed.version === 'aid1' ? ' (aid1, the compatibility format; aid2 is current)' : '';
  return [
    {
      id: 'agent.dns_aid_ok',
      state: 'good',
      standard,
      text: `DNS-AID: ${name} names a ${parsed.protocol} agent at ${parsed.uri.slice(0, 100)}${compat}.`,
    },
  ];
}
