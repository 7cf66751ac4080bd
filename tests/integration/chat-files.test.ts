/**
 * Files in the chat on the running local stack: a real PNG goes through the presigned POST to
 * the S3 emulator, the confirm posts a SendFile message whose links (presigned GETs, 10 minutes) serve
 * the file and its preview, pushed to both members and listed by `Chat/Files`; a phone photo is stored
 * without its EXIF; S3's policy refuses an
 * 11 MB upload; a file whose bytes are not its declared type is refused in Italian and deleted; a
 * repeated confirm posts one message; users outside the conversation get 404 everywhere.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_MAX_FILE_BYTES,
  chatFileTexts,
  parseMessageAttributes,
  type ChatFileUploadResponse,
  type ChatFilesResponse,
  type ChatMessage,
  type ChatMessagesResponse,
  type ConnectionTicketResponse,
  ChatMessageType,
} from '@nutri/shared';
import { RealtimeClient } from '../support/realtime-client';
import { api, stack } from './support/api';
import { createNutritionist, createPatientOf } from './support/visits';

interface Member {
  id: string;
  token: string;
}
interface Pair {
  nutritionist: Member;
  patient: Member;
}

const newPair = async (): Promise<Pair> => {
  const nutritionist = await createNutritionist();
  const patient = await createPatientOf(nutritionist.id, `Paola ${randomUUID().slice(0, 6)}`);
  return { nutritionist, patient };
};

const openClients: RealtimeClient[] = [];
afterEach(async () => {
  await Promise.all(openClients.splice(0).map((client) => client.close()));
});

const connectWith = async (token: string) => {
  const ticket = await api<ConnectionTicketResponse>('POST', 'Chat/ConnectionTicket', { token });
  const client = await RealtimeClient.connect(
    `${stack.wsUrl}?ticket=${encodeURIComponent(ticket.body.Ticket)}`,
  );
  openClients.push(client);
  return client;
};

const nextMessageAdded = async (client: RealtimeClient, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const data = (await client.nextMessage(Math.max(1, deadline - Date.now()))) as {
      type: string;
      message?: ChatMessage;
    };
    if (data.type === 'MessageAdded' && data.message) return data.message;
  }
};

const requestSlot = (from: Member, toUserId: string, file: { name: string; type: string; size: number }) =>
  api<ChatFileUploadResponse>('POST', `Chat/Messages/${toUserId}/SasToken`, {
    token: from.token,
    body: {
      MessageType: ChatMessageType.SendFile,
      FileDisplayName: file.name,
      ContentType: file.type,
      SizeBytes: file.size,
    },
  });

/** Posts to S3 as a browser would: the signed fields first, the file last. */
const uploadToS3 = async (slot: ChatFileUploadResponse, bytes: Buffer, type: string) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(slot.Fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'file');
  const response = await fetch(slot.Url, { method: 'POST', body: form });
  return { status: response.status, text: await response.text() };
};

const confirm = (from: Member, toUserId: string, uploadId: string) =>
  api<ChatMessage & { code?: string; message?: string; Errors?: Record<string, string[]> }>(
    'POST',
    `Chat/Messages/${toUserId}/Files`,
    { token: from.token, body: { UploadId: uploadId } },
  );

/** Slot, upload and confirm in one go (for the checks after the upload). */
const sendFile = async (from: Member, toUserId: string, name: string, type: string, bytes: Buffer) => {
  const slot = await requestSlot(from, toUserId, { name, type, size: bytes.length });
  expect(slot.status, JSON.stringify(slot.body)).toBe(201);
  expect((await uploadToS3(slot.body, bytes, type)).status).toBeLessThan(300);
  return { slot: slot.body, confirmed: await confirm(from, toUserId, slot.body.UploadId) };
};

const fetchBytes = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
};

const objectExists = async (key: string) => {
  const { headObject } = await import('../../functions/src/platform/files');
  return (await headObject(stack.filesBucket, key)) !== null;
};

const history = async (reader: Member, otherUserId: string) =>
  (await api<ChatMessagesResponse>('GET', `Chat/Messages/${otherUserId}`, { token: reader.token })).body;

let png: Buffer;
const MINIMAL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
// The start of a Windows executable (DOS header "MZ"), padded.
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(512, 0x41)]);

beforeAll(async () => {
  // A real photo-sized PNG: 1600x1200 with a gradient, so the preview is a real downscale.
  const width = 1600;
  const height = 1200;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const offset = (y * width + x) * 3;
      pixels[offset] = (x * 255) / width;
      pixels[offset + 1] = (y * 255) / height;
      pixels[offset + 2] = 128;
    }
  png = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
});

describe('sending a file', () => {
  it('uploads a PNG with a presigned POST and posts a SendFile message with short-lived links and a preview', async () => {
    const pair = await newPair();
    const patientTab = await connectWith(pair.patient.token);
    const nutritionistTab = await connectWith(pair.nutritionist.token);

    const slot = await requestSlot(pair.patient, pair.nutritionist.id, {
      name: 'Diario alimentare.png',
      type: 'image/png',
      size: png.length,
    });
    expect(slot.status, JSON.stringify(slot.body)).toBe(201);
    const { UploadId, Url, Fields } = slot.body;
    expect(Url).toBe(`${stack.s3Endpoint}/${stack.filesBucket}`);
    const pendingKey = `chat-uploads/${UploadId}`;
    expect(Fields).toMatchObject({ key: pendingKey, 'Content-Type': 'image/png' });
    const policy = JSON.parse(Buffer.from(Fields.Policy!, 'base64').toString('utf8')) as {
      conditions: unknown[];
    };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, CHAT_MAX_FILE_BYTES],
        ['eq', '$Content-Type', 'image/png'],
        { key: pendingKey },
        { bucket: stack.filesBucket },
      ]),
    );

    expect((await uploadToS3(slot.body, png, 'image/png')).status).toBe(204);
    const confirmed = await confirm(pair.patient, pair.nutritionist.id, UploadId);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    const message = confirmed.body;
    expect(message).toMatchObject({
      AuthorId: pair.patient.id,
      Body: 'Diario alimentare.png',
      MessageIndex: 0,
    });
    const attributes = parseMessageAttributes(message.Attributes);
    expect(attributes).toMatchObject({
      MessageType: ChatMessageType.SendFile,
      FileDisplayName: 'Diario alimentare.png',
      FileContentType: 'image/png',
      FileSizeBytes: png.length,
    });
    // Keys stay on the server; the links are presigned GETs valid 10 minutes.
    expect(message.Attributes).not.toContain('FileKey');
    const fileUrl = new URL(attributes.FileUrl!);
    expect(fileUrl.origin).toBe(stack.s3Endpoint);
    expect(fileUrl.searchParams.get('X-Amz-Expires')).toBe('600');
    expect(fileUrl.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);

    const file = await fetchBytes(attributes.FileUrl!);
    expect(file.status).toBe(200);
    expect(file.bytes.equals(png)).toBe(true);
    const preview = await fetchBytes(attributes.FilePreviewUrl!);
    expect(preview.status).toBe(200);
    const previewMeta = await sharp(preview.bytes).metadata();
    expect(previewMeta).toMatchObject({ format: 'webp', width: 640, height: 480 });
    // Without the signature the private bucket refuses.
    expect((await fetch(`${fileUrl.origin}${fileUrl.pathname}`)).status).toBe(403);

    // The upload moved under the conversation; the stored message holds keys, never a link.
    expect(await objectExists(pendingKey)).toBe(false);
    const { getMessageById } = await import('../../functions/src/chat/chat-repo');
    const stored = await getMessageById(message.ConversationSid, `${pair.patient.id}:file:${UploadId}`);
    expect(stored?.Attributes).toContain(`"FileKey":"chat/${message.ConversationSid}/${UploadId}"`);
    expect(stored?.Attributes).not.toMatch(/https?:/);

    // Both members' tabs get it with working links.
    const [mine, theirs] = await Promise.all([
      nextMessageAdded(patientTab),
      nextMessageAdded(nutritionistTab),
    ]);
    expect(mine.MessageSid).toBe(message.MessageSid);
    expect(theirs.MessageSid).toBe(message.MessageSid);
    const pushed = parseMessageAttributes(theirs.Attributes);
    expect((await fetchBytes(pushed.FileUrl!)).bytes.equals(png)).toBe(true);
    expect((await fetchBytes(pushed.FilePreviewUrl!)).status).toBe(200);

    // The other member reads it in the history, with fresh links, and in the file list.
    const read = await history(pair.nutritionist, pair.patient.id);
    expect(read.Items).toHaveLength(1);
    const inHistory = parseMessageAttributes(read.Items[0]!.Attributes);
    expect((await fetchBytes(inHistory.FileUrl!)).bytes.equals(png)).toBe(true);
    const files = await api<ChatFilesResponse>('GET', `Chat/Files/${pair.patient.id}`, {
      token: pair.nutritionist.token,
    });
    expect(files.status).toBe(200);
    expect(files.body).toMatchObject({
      HasMore: false,
      Items: [
        {
          MessageIndex: 0,
          MessageSid: message.MessageSid,
          AuthorId: pair.patient.id,
          FileDisplayName: 'Diario alimentare.png',
          ContentType: 'image/png',
          SizeBytes: png.length,
        },
      ],
    });
    expect((await fetchBytes(files.body.Items[0]!.FileUrl)).bytes.equals(png)).toBe(true);
    expect((await fetchBytes(files.body.Items[0]!.FilePreviewUrl!)).status).toBe(200);
  });

  it('stores a phone photo without its EXIF (place, camera), turned upright, with the size of what is stored', async () => {
    const pair = await newPair();
    // Taken sideways (orientation 6), with the phone's make and the place in its EXIF.
    const photo = await sharp({
      create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 120, b: 60 } },
    })
      .jpeg()
      .withExif({
        IFD0: { Make: 'Telefono di prova', Model: 'X1' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 54/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif?.toString('latin1')).toContain('Telefono di prova');

    const { confirmed } = await sendFile(pair.patient, pair.nutritionist.id, 'Cena.jpg', 'image/jpeg', photo);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    const attributes = parseMessageAttributes(confirmed.body.Attributes);
    const stored = await fetchBytes(attributes.FileUrl!);
    expect(stored.status).toBe(200);
    const metadata = await sharp(stored.bytes).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 600, height: 800 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(stored.bytes.toString('latin1')).not.toContain('Telefono di prova');
    expect(attributes.FileSizeBytes).toBe(stored.bytes.length);
  });

  it('sends a PDF without a preview and lists files newest first', async () => {
    const pair = await newPair();
    await sendFile(pair.patient, pair.nutritionist.id, 'Analisi.png', 'image/png', png);
    const { confirmed } = await sendFile(
      pair.nutritionist,
      pair.patient.id,
      'Piano alimentare è.pdf',
      'application/pdf',
      MINIMAL_PDF,
    );
    expect(confirmed.status).toBe(201);
    const attributes = parseMessageAttributes(confirmed.body.Attributes);
    expect(attributes.FilePreviewUrl).toBeUndefined();
    const url = new URL(attributes.FileUrl!);
    expect(url.searchParams.get('response-content-disposition')).toBe(
      'attachment; filename="Piano alimentare e.pdf"',
    );
    expect((await fetchBytes(attributes.FileUrl!)).bytes.equals(MINIMAL_PDF)).toBe(true);

    const files = await api<ChatFilesResponse>('GET', `Chat/Files/${pair.nutritionist.id}`, {
      token: pair.patient.token,
    });
    expect(files.body.Items.map((item) => [item.MessageIndex, item.FileDisplayName])).toEqual([
      [1, 'Piano alimentare è.pdf'],
      [0, 'Analisi.png'],
    ]);
    const older = await api<ChatFilesResponse>('GET', `Chat/Files/${pair.nutritionist.id}?before=1`, {
      token: pair.patient.token,
    });
    expect(older.body.Items.map((item) => item.MessageIndex)).toEqual([0]);
  });

  it('posts one message for a repeated confirm, also when two arrive at once', async () => {
    const pair = await newPair();
    const { slot, confirmed } = await sendFile(
      pair.patient,
      pair.nutritionist.id,
      'Uno.png',
      'image/png',
      png,
    );
    expect(confirmed.status).toBe(201);
    const again = await confirm(pair.patient, pair.nutritionist.id, slot.UploadId);
    expect(again.status).toBe(200);
    expect(again.body.MessageSid).toBe(confirmed.body.MessageSid);
    expect(again.body.MessageIndex).toBe(confirmed.body.MessageIndex);

    const second = await requestSlot(pair.patient, pair.nutritionist.id, {
      name: 'Due.png',
      type: 'image/png',
      size: png.length,
    });
    await uploadToS3(second.body, png, 'image/png');
    const both = await Promise.all([
      confirm(pair.patient, pair.nutritionist.id, second.body.UploadId),
      confirm(pair.patient, pair.nutritionist.id, second.body.UploadId),
    ]);
    expect(both.map((result) => result.status).sort()).toEqual([200, 201]);
    expect(both[0].body.MessageSid).toBe(both[1].body.MessageSid);

    const read = await history(pair.nutritionist, pair.patient.id);
    expect(read.Items.map((item) => item.Body)).toEqual(['Uno.png', 'Due.png']);
    const files = await api<ChatFilesResponse>('GET', `Chat/Files/${pair.patient.id}`, {
      token: pair.nutritionist.token,
    });
    expect(files.body.Items).toHaveLength(2);
  });
});

describe('refused files', () => {
  let pair: Pair;
  beforeAll(async () => {
    pair = await newPair();
  });

  it('refuses more than 10 MB: declared (Italian message) or uploaded anyway (S3 policy), and a confirm of nothing', async () => {
    const declared = await requestSlot(pair.patient, pair.nutritionist.id, {
      name: 'Grande.pdf',
      type: 'application/pdf',
      size: 11 * 1024 * 1024,
    });
    expect(declared.status).toBe(400);
    expect(declared.body).toMatchObject({ Errors: { SizeBytes: [chatFileTexts.tooLarge] } });
    expect(chatFileTexts.tooLarge).toBe('Il file supera la dimensione massima di 10 MB.');

    // A client that lies about the size: S3 itself refuses the 11 MB body.
    const slot = await requestSlot(pair.patient, pair.nutritionist.id, {
      name: 'Grande.pdf',
      type: 'application/pdf',
      size: 1000,
    });
    const big = Buffer.concat([MINIMAL_PDF, Buffer.alloc(11 * 1024 * 1024, 0x20)]);
    const refused = await uploadToS3(slot.body, big, 'application/pdf');
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(refused.text).toContain('EntityTooLarge');
    expect(await objectExists(`chat-uploads/${slot.body.UploadId}`)).toBe(false);

    // Nothing arrived, so there is nothing to confirm; nor for an upload id never handed out.
    for (const uploadId of [slot.body.UploadId, randomUUID()]) {
      const result = await confirm(pair.patient, pair.nutritionist.id, uploadId);
      expect(result.status).toBe(400);
      expect(result.body).toMatchObject({ Errors: { UploadId: [chatFileTexts.missing] } });
    }
    expect((await history(pair.patient, pair.nutritionist.id)).Items).toHaveLength(0);
  });

  it('refuses a type outside the list and a content type S3 was not told', async () => {
    const exe = await requestSlot(pair.patient, pair.nutritionist.id, {
      name: 'programma.exe',
      type: 'application/x-msdownload',
      size: EXE.length,
    });
    expect(exe.status).toBe(400);
    expect(exe.body).toMatchObject({ Errors: { ContentType: [chatFileTexts.wrongType] } });

    // The policy pins the declared type: the same slot cannot carry another one.
    const slot = await requestSlot(pair.patient, pair.nutritionist.id, {
      name: 'foto.png',
      type: 'image/png',
      size: png.length,
    });
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...slot.body.Fields, 'Content-Type': 'text/html' }))
      form.append(name, value);
    form.append('file', new Blob([new Uint8Array(png)], { type: 'text/html' }), 'file');
    const response = await fetch(slot.body.Url, { method: 'POST', body: form });
    expect(response.status).toBe(403);
  });

  it.each([
    ['a PDF declared as PNG', 'image/png', () => MINIMAL_PDF],
    ['an executable declared as PNG', 'image/png', () => EXE],
    ['a PNG declared as JPEG', 'image/jpeg', () => png],
    ['an executable declared as PDF', 'application/pdf', () => EXE],
    // Right magic bytes, no image behind them: the decoder is the second check.
    [
      'a PNG header with no image',
      'image/png',
      () => Buffer.concat([png.subarray(0, 16), Buffer.alloc(200, 7)]),
    ],
  ])('refuses %s in Italian and deletes it', async (_case, type, bytes) => {
    const before = (await history(pair.patient, pair.nutritionist.id)).Items.length;
    const { slot, confirmed } = await sendFile(
      pair.patient,
      pair.nutritionist.id,
      'documento',
      type,
      bytes(),
    );
    expect(confirmed.status).toBe(400);
    expect(confirmed.body).toMatchObject({
      code: 'validation_failed',
      message: chatFileTexts.contentMismatch,
      Errors: { UploadId: [chatFileTexts.contentMismatch] },
    });
    expect(await objectExists(`chat-uploads/${slot.UploadId}`)).toBe(false);
    expect((await history(pair.patient, pair.nutritionist.id)).Items).toHaveLength(before);
    // Refused for good: the object is gone, so a retry finds nothing.
    const retry = await confirm(pair.patient, pair.nutritionist.id, slot.UploadId);
    expect(retry.body).toMatchObject({ Errors: { UploadId: [chatFileTexts.missing] } });
  });
});

describe('upload slots per hour', () => {
  it('gives a member 60 slots an hour, then 429 with Retry-After and an Italian message; the other member is not held back', async () => {
    const { nutritionist, patient } = await newPair();
    const photo = { name: 'pranzo.jpg', type: 'image/jpeg', size: 200_000 };
    const statuses: number[] = [];
    // In batches, as a browser sending a few photos at a time would.
    for (let batch = 0; batch < 6; batch += 1) {
      const results = await Promise.all(
        Array.from({ length: 10 }, () => requestSlot(patient, nutritionist.id, photo)),
      );
      statuses.push(...results.map((result) => result.status));
    }
    expect(statuses).toEqual(Array(60).fill(201));

    const refused = await requestSlot(patient, nutritionist.id, photo);
    expect(refused.status).toBe(429);
    expect((refused.body as unknown as { message: string }).message).toMatch(
      /^Hai inviato molti file nell’ultima ora\. Potrai inviarne altri tra \d+ minuti\.$/,
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect((await requestSlot(nutritionist, patient.id, photo)).status).toBe(201);
  });
});

describe('who may see files', () => {
  it('answers 404 to users outside the conversation and lets only the uploader confirm', async () => {
    const pair = await newPair();
    const outsiders = await newPair();
    const { slot, confirmed } = await sendFile(
      pair.patient,
      pair.nutritionist.id,
      'Referto.pdf',
      'application/pdf',
      MINIMAL_PDF,
    );
    expect(confirmed.status).toBe(201);
    const pending = await requestSlot(pair.patient, pair.nutritionist.id, {
      name: 'Altro.png',
      type: 'image/png',
      size: png.length,
    });
    await uploadToS3(pending.body, png, 'image/png');

    // Another nutritionist toward the patient, another patient toward the nutritionist.
    const attempts: [Member, string][] = [
      [outsiders.nutritionist, pair.patient.id],
      [outsiders.patient, pair.nutritionist.id],
    ];
    for (const [outsider, memberId] of attempts) {
      const token = await requestSlot(outsider, memberId, { name: 'x.png', type: 'image/png', size: 10 });
      expect(token.status).toBe(404);
      expect(token.body).not.toHaveProperty('Url');
      for (const uploadId of [slot.UploadId, pending.body.UploadId]) {
        const result = await confirm(outsider, memberId, uploadId);
        expect(result.status).toBe(404);
        expect(JSON.stringify(result.body)).not.toContain('X-Amz-Signature');
      }
      const files = await api('GET', `Chat/Files/${memberId}`, { token: outsider.token });
      expect(files.status).toBe(404);
      expect(JSON.stringify(files.body)).not.toContain('X-Amz-Signature');
      const messages = await api('GET', `Chat/Messages/${memberId}`, { token: outsider.token });
      expect(messages.status).toBe(404);
      expect(JSON.stringify(messages.body)).not.toContain('X-Amz-Signature');
    }
    // Signed in but not a chat role; not signed in.
    const { createTestUser, login } = await import('./support/api');
    const admin = await createTestUser(['SystemAdmin']);
    const adminToken = (await login(admin.email, admin.password)).accessToken;
    expect((await api('GET', `Chat/Files/${pair.patient.id}`, { token: adminToken })).status).toBe(403);
    expect((await api('GET', `Chat/Files/${pair.patient.id}`)).status).toBe(401);

    // The other member cannot turn the patient's upload into a message of theirs.
    const stolen = await confirm(pair.nutritionist, pair.patient.id, pending.body.UploadId);
    expect(stolen.status).toBe(400);
    expect(stolen.body).toMatchObject({ Errors: { UploadId: [chatFileTexts.missing] } });
    const own = await confirm(pair.patient, pair.nutritionist.id, pending.body.UploadId);
    expect(own.status).toBe(201);
    expect(own.body.AuthorId).toBe(pair.patient.id);
  });
});

describe('presigned links, checked as S3 checks them', () => {
  /** S3's XML error code of a refused request. */
  const refusalOf = async (url: string) => {
    const response = await fetch(url);
    const text = await response.text();
    return { status: response.status, code: /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? null };
  };

  it('refuses a link turned to another object, a changed file name or date, a bare signature and an expired link', async () => {
    const pair = await newPair();
    const first = await sendFile(
      pair.patient,
      pair.nutritionist.id,
      'Referto.pdf',
      'application/pdf',
      MINIMAL_PDF,
    );
    const second = await sendFile(pair.patient, pair.nutritionist.id, 'Foto.png', 'image/png', png);
    const link = new URL(parseMessageAttributes(first.confirmed.body.Attributes).FileUrl!);
    const otherLink = new URL(parseMessageAttributes(second.confirmed.body.Attributes).FileUrl!);
    expect((await fetchBytes(link.href)).bytes.equals(MINIMAL_PDF)).toBe(true);
    expect((await fetchBytes(otherLink.href)).bytes.equals(png)).toBe(true);

    // The signature of one file on the other file's key.
    const otherKey = new URL(link.href);
    otherKey.pathname = otherLink.pathname;
    expect(await refusalOf(otherKey.href)).toEqual({ status: 403, code: 'SignatureDoesNotMatch' });
    // A file name of the attacker's choosing (e.g. served as HTML): the override is signed.
    const renamed = new URL(link.href);
    renamed.searchParams.set('response-content-disposition', 'inline; filename="Referto.html"');
    expect(await refusalOf(renamed.href)).toEqual({ status: 403, code: 'SignatureDoesNotMatch' });
    const withType = new URL(link.href);
    withType.searchParams.set('response-content-type', 'text/html');
    expect(await refusalOf(withType.href)).toEqual({ status: 403, code: 'SignatureDoesNotMatch' });
    // A later signing date to stretch its life.
    const redated = new URL(link.href);
    redated.searchParams.set('X-Amz-Date', '20990101T000000Z');
    expect(await refusalOf(redated.href)).toEqual({ status: 403, code: 'SignatureDoesNotMatch' });
    // A made-up signature, alone or in place of the real one.
    const bare = `${link.origin}${link.pathname}?X-Amz-Signature=abc`;
    expect(await refusalOf(bare)).toEqual({ status: 400, code: 'AuthorizationQueryParametersError' });
    const forged = new URL(link.href);
    forged.searchParams.set('X-Amz-Signature', '0'.repeat(64));
    expect(await refusalOf(forged.href)).toEqual({ status: 403, code: 'SignatureDoesNotMatch' });
    // None of the refusals let a byte through; the genuine links still work.
    expect((await fetchBytes(link.href)).status).toBe(200);

    // A link valid one second works, then is refused as expired.
    const { presignDownload } = await import('../../functions/src/platform/files');
    const key = decodeURIComponent(link.pathname.slice(`/${stack.filesBucket}/`.length));
    const shortLived = await presignDownload(stack.filesBucket, key, 1);
    const deadline = Date.now() + 10_000;
    let answer = await refusalOf(shortLived);
    while (answer.status === 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await refusalOf(shortLived);
    }
    expect(answer).toEqual({ status: 403, code: 'AccessDenied' });
  });
});
