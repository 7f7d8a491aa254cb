import type { TemplateCatalog } from './template-catalog.ts';

/** What one party (or any party) asked to see; parsed once from the request's event format. */
export type PartyFilter = {
  readonly wildcard: { readonly includeCreatedEventBlob: boolean } | null;
  readonly templates: ReadonlyMap<string, { readonly includeCreatedEventBlob: boolean }>;
  readonly interfaces: ReadonlyMap<
    string,
    { readonly includeInterfaceView: boolean; readonly includeCreatedEventBlob: boolean }
  >;
};

export type EventFilter = {
  /** Per-party filters; parties not listed see nothing unless `anyParty` is set. */
  readonly byParty: ReadonlyMap<string, PartyFilter>;
  readonly anyParty: PartyFilter | null;
  readonly verbose: boolean;
  /**
   * On one of several participants on a synchronizer: whether it hosts a party. A party's events
   * show on a participant only if it is hosted there (Canton's projection per participant).
   */
  readonly hosts?: (party: string) => boolean;
};

export type FilterMatch = {
  readonly includeCreatedEventBlob: boolean;
  /** Name keys of the interfaces whose views were asked for. */
  readonly interfaceViews: readonly string[];
};

/** Whether `filter` selects a contract of `templateId`, and with what extras. */
export function matchPartyFilter(
  filter: PartyFilter,
  templateId: string,
  catalog: TemplateCatalog,
): FilterMatch | null {
  let matched = filter.wildcard !== null;
  let includeCreatedEventBlob = filter.wildcard?.includeCreatedEventBlob ?? false;
  const interfaceViews: string[] = [];
  const template = filter.templates.get(catalog.keyOfTemplateId(templateId));
  if (template) {
    matched = true;
    includeCreatedEventBlob ||= template.includeCreatedEventBlob;
  }
  for (const interfaceKey of catalog.interfacesOf(templateId)) {
    const wanted = filter.interfaces.get(interfaceKey);
    if (!wanted) continue;
    matched = true;
    includeCreatedEventBlob ||= wanted.includeCreatedEventBlob;
    if (wanted.includeInterfaceView) interfaceViews.push(interfaceKey);
  }
  return matched ? { includeCreatedEventBlob, interfaceViews } : null;
}

/** Parties whose filters select this template among `candidates` (the event's witnesses). */
export function matchingParties(
  filter: EventFilter,
  candidates: readonly string[],
  templateId: string,
  catalog: TemplateCatalog,
): { parties: string[]; match: FilterMatch } | null {
  const parties: string[] = [];
  let blob = false;
  const views = new Set<string>();
  const consider = (party: string, partyFilter: PartyFilter | undefined) => {
    if (!partyFilter) return false;
    const match = matchPartyFilter(partyFilter, templateId, catalog);
    if (!match) return false;
    blob ||= match.includeCreatedEventBlob;
    for (const view of match.interfaceViews) views.add(view);
    parties.push(party);
    return true;
  };
  for (const party of candidates) {
    if (filter.hosts && !filter.hosts(party)) continue;
    if (!consider(party, filter.byParty.get(party)) && filter.anyParty) {
      consider(party, filter.anyParty);
    }
  }
  if (parties.length === 0) return null;
  return { parties, match: { includeCreatedEventBlob: blob, interfaceViews: [...views] } };
}

/** The parties a filter names; null when it reads for any party. */
export function filterParties(filter: EventFilter): string[] | null {
  return filter.anyParty ? null : [...filter.byParty.keys()];
}

/** `filter` as read on a participant that hosts the parties `hosts` accepts (all when null). */
export function hostedOn(
  filter: EventFilter,
  hosts: ((party: string) => boolean) | null,
): EventFilter {
  return hosts ? { ...filter, hosts } : filter;
}
