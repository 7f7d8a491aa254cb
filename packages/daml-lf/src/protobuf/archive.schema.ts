// Our schema of the DALF envelope: an Archive (hash and payload bytes) around an ArchivePayload.
import { type EnumSpec, enumeration, type MessageSpec, message } from './schema-dsl.ts';

export const archiveMessages: Record<string, MessageSpec> = {
  Archive: message({
    hashFunction: [1, 'HashFunction'],
    payload: [3, 'bytes'],
    hash: [4, 'string'],
  }),
  ArchivePayload: message(
    {
      minor: [3, 'string'],
      patch: [5, 'int32'],
      damlLf_1: [2, 'bytes'],
      damlLf_2: [4, 'bytes'],
    },
    { oneofs: { Sum: ['damlLf_1', 'damlLf_2'] } },
  ),
};

export const archiveEnums: Record<string, EnumSpec> = {
  HashFunction: enumeration(['SHA256']),
};
