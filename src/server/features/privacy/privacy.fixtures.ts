import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import * as s from '#server/db/schema/index.ts';
import { nextInvoiceNumber } from '#server/features/invoices/index.ts';
import { enqueueEmail } from '#server/lib/mail/outbox.service.ts';
import { fakePdf, fakePng } from '#server/test/fixtures/media.ts';
import type { TestContext } from '#server/test/harness.ts';
import { addFeatureRecords } from './privacy-records.fixtures.ts';

// A person who has one of every kind of record (the export and erasure tests check against them). The records of
// the first features are direct inserts; those of the features built beside 'Your data' go through the app's
// routes (privacy-records.fixtures.ts).

let seq = 0;

export async function personWithEverything(t: TestContext) {
  const n = `${++seq}${randomBytes(3).toString('hex')}`;
  const firstName = 'Zebedee';
  const lastName = `Quintrell${n}`;
  const email = `zebedee.${n}@example.com`;
  const db = t.db;
  const person = await t.createUser({
    email,
    firstName,
    lastName,
    phoneNumber: '+44 7700 900456',
    company: 'Acme Pipes',
  });
  const admin = await t.createUser({ role: 'admin', email: `admin-${n}@example.com`, firstName: 'Ada' });
  const fullName = `${firstName} ${lastName}`;

  const put = async (key: string, bytes: Buffer, contentType: string, fileType: 'image' | 'document') => {
    await t.app.objectStore.put(key, Readable.from([bytes]), contentType, bytes.length);
    await db.insert(s.storedObjects).values({
      key,
      fileType,
      contentType,
      size: bytes.length,
      status: 'uploaded',
      uploadedBy: person.id,
      originalName: `${lastName}-file`,
      attachedAt: new Date(),
    });
    return `/objects/${key}`;
  };
  const avatarKey = `image/${crypto.randomUUID()}`;
  const evidenceKey = `document/${crypto.randomUUID()}`;
  const avatar = await put(avatarKey, fakePng(2048), 'image/png', 'image');
  const evidence = await put(evidenceKey, fakePdf(4096), 'application/pdf', 'document');
  await db.update(s.users).set({ profileImageUrl: avatar }).where(sql`id = ${person.id}`);

  const [course] = await db
    .insert(s.courses)
    .values({ title: `Drainage ${n}`, description: 'Pipes' })
    .returning();
  const [mod] = await db
    .insert(s.modules)
    .values({ courseId: course!.id, title: 'Module', description: 'd', duration: 60 })
    .returning();
  const [topic] = await db
    .insert(s.topics)
    .values({ moduleId: mod!.id, title: 'Topic', description: 'd' })
    .returning();
  const [unopened] = await db
    .insert(s.topics)
    .values({ moduleId: mod!.id, title: 'Mapped topic', description: 'd', order: 2 })
    .returning();
  const [quiz] = await db.insert(s.quizzes).values({ topicId: topic!.id, title: 'Quiz' }).returning();
  await db.insert(s.enrolments).values({ userId: person.id, courseId: course!.id, source: 'purchase' });
  await db.insert(s.topicProgress).values({ userId: person.id, topicId: topic!.id, completedAt: new Date() });
  await db
    .insert(s.moduleProgress)
    .values({ userId: person.id, moduleId: mod!.id, progressPercentage: '100', isCompleted: true });
  await db.insert(s.quizAttempts).values({
    quizId: quiz!.id,
    userId: person.id,
    score: 100,
    pointsEarned: 1,
    pointsPossible: 1,
    passed: true,
    answers: [],
  });
  await db
    .insert(s.resourceAccessEvents)
    .values({ userId: person.id, topicId: topic!.id, resourceType: 'video' });
  await db.insert(s.scormAttempts).values({
    userId: person.id,
    topicId: topic!.id,
    packageId: crypto.randomUUID(),
    cmi: { learner_name: fullName },
  });

  const [conversation] = await db
    .insert(s.conversations)
    .values({ type: 'direct', title: `Chat with ${fullName}` })
    .returning();
  await db.insert(s.conversationParticipants).values([
    { conversationId: conversation!.id, userId: person.id },
    { conversationId: conversation!.id, userId: admin.id },
  ]);
  await db.insert(s.messages).values([
    {
      conversationId: conversation!.id,
      senderId: person.id,
      content: `Hello, this is ${fullName}, ${email}`,
    },
    { conversationId: conversation!.id, senderId: admin.id, content: `Hi ${fullName}, thanks` },
  ]);
  const [session] = await db
    .insert(s.liveSessions)
    .values({ title: 'Live drains', startTime: new Date(), endTime: new Date(Date.now() + 3600_000) })
    .returning();
  await db
    .insert(s.liveSessionAttendees)
    .values({ sessionId: session!.id, userId: person.id, status: 'attended' });

  const [apprenticeship] = await db
    .insert(s.apprenticeships)
    .values({
      studentId: person.id,
      standard: 'Plumbing L3',
      startDate: '2026-01-05',
      endDate: '2027-06-30',
      weeklyContractedHours: 37.5,
      plannedOtjHours: 300,
    })
    .returning();
  await db.insert(s.otjEntries).values({
    apprenticeshipId: apprenticeship!.id,
    studentId: person.id,
    date: '2026-03-02',
    seconds: 7200,
    activity: 'practical_training',
    description: `Fitted a soil stack; notes by ${fullName}`,
    evidencePath: evidence,
    status: 'approved',
  });
  const [review] = await db
    .insert(s.progressReviews)
    .values({
      apprenticeshipId: apprenticeship!.id,
      studentId: person.id,
      reviewDate: '2026-04-01',
      progressSummary: `${firstName} ${lastName} is on track`,
      otjHoursToDate: 2,
      nextSteps: 'Keep going',
    })
    .returning();
  await db
    .insert(s.reviewSignatures)
    .values({ reviewId: review!.id, role: 'apprentice', userId: person.id, name: fullName });
  await db.insert(s.certificates).values({
    code: randomBytes(18).toString('base64url'),
    userId: person.id,
    courseId: course!.id,
    holderName: fullName,
    courseTitle: course!.title,
    learningMinutes: 60,
    completedAt: new Date(),
  });
  const [courseReview] = await db
    .insert(s.courseReviews)
    .values({ courseId: course!.id, userId: person.id, rating: 4, body: `Great course - ${fullName}` })
    .returning();
  await db
    .insert(s.reviewReports)
    .values({ reviewId: courseReview!.id, reporterUserId: person.id, reason: 'I posted it twice' });

  const [payment] = await db
    .insert(s.payments)
    .values({
      provider: 'test',
      providerIntentId: `pi_${n}`,
      courseId: course!.id,
      userId: person.id,
      email,
      amountPence: 9999,
      plan: 'monthly',
      status: 'succeeded',
      studentData: { firstName, lastName, email, phoneNumber: '+44 7700 900456' },
      createdAt: new Date('2026-05-10T10:00:00Z'),
    })
    .returning();
  await db.insert(s.paymentInstalments).values({
    paymentId: payment!.id,
    sequence: 2,
    dueAt: new Date('2026-06-10T10:00:00Z'),
    amountPence: 9999,
    status: 'paid',
  });
  const [order] = await db
    .insert(s.teamOrders)
    .values({
      courseId: course!.id,
      managerUserId: person.id,
      payBy: 'invoice',
      status: 'paid',
      seats: 2,
      unitPricePence: 5000,
      amountPence: 10000,
      netPence: 10000,
      vatPence: 0,
      vatRate: 0,
      company: {
        name: 'Acme Pipes Ltd',
        addressLine1: '1 Pipe St',
        city: 'Leeds',
        postcode: 'LS1 1AA',
        vatNumber: null,
        poNumber: null,
      },
      buyer: { firstName, lastName, email, phoneNumber: '+44 7700 900456', jobTitle: 'Foreman' },
      createdAt: new Date('2026-05-11T10:00:00Z'),
      paidAt: new Date('2026-05-12T10:00:00Z'),
    })
    .returning();
  const [invoice] = await db
    .insert(s.invoices)
    .values({
      number: await nextInvoiceNumber(db),
      teamOrderId: order!.id,
      issuedAt: new Date('2026-05-11T10:00:00Z'),
    })
    .returning();
  const [seat] = await db
    .insert(s.teamSeats)
    .values({
      teamOrderId: order!.id,
      userId: person.id,
      email,
      firstName,
      lastName,
      createdEnrolment: false,
    })
    .returning();
  await db
    .insert(s.seatWithdrawals)
    .values({ userId: person.id, courseId: course!.id, companyName: 'Old Pipes Ltd' });
  await db
    .insert(s.employerContactProposals)
    .values({ seatId: seat!.id, studentId: person.id, managerUserId: admin.id });
  await db.insert(s.employerContactEndings).values({
    studentId: person.id,
    contactId: admin.id,
    contactName: 'Ada Former',
    contactEmail: `admin-${n}@example.com`,
    reason: 'seat_taken_back',
  });
  await db.insert(s.waitlistSubscribers).values({
    courseId: course!.id,
    email,
    unsubscribeToken: randomBytes(16).toString('hex'),
    confirmedAt: new Date(),
  });
  await db.insert(s.auditLog).values({
    actorId: admin.id,
    actorEmail: `admin-${n}@example.com`,
    action: 'student.update',
    entityType: 'user',
    entityId: person.id,
    summary: `email: ${email}; name: ${fullName}`,
  });
  await enqueueEmail(db, {
    kind: 'credentials',
    to: email,
    subject: 'Welcome',
    text: `Hi ${firstName}, your email is ${email}`,
  });
  await enqueueEmail(db, {
    kind: 'team',
    to: `admin-${n}@example.com`,
    subject: `${fullName} joined`,
    text: `${fullName} (${email}) took a seat`,
  });
  await db.insert(s.rateLimits).values({ key: `login:account:${email}`, count: 1 });
  const records = await addFeatureRecords(t, {
    person: { ...person, firstName, lastName, fullName, cookie: await t.login(person) },
    admin: { id: admin.id, cookie: await t.login(admin) },
    courseId: course!.id,
    topicId: unopened!.id,
    apprenticeshipId: apprenticeship!.id,
  });

  return {
    person: { ...person, firstName, lastName, fullName },
    admin,
    course: course!,
    paymentId: payment!.id,
    orderId: order!.id,
    invoice: invoice!,
    avatarKey,
    evidenceKey,
    ...records,
  };
}
