/*
 * Preloaded into a kit's process by the certificate tests (node --import) to
 * move its clock KIT_TEST_CLOCK_OFFSET_MS ahead, as a kit that comes back
 * after weeks away would see it: Date.now() and new Date() move, so the
 * kit's own checks (renewal due, a certificate valid today) see that time.
 * Only tests load it; the server has no clock setting of its own.
 */
const offset = Number(process.env.KIT_TEST_CLOCK_OFFSET_MS ?? '0');
const RealDate = Date;

class MovedDate extends RealDate {
  constructor(...args: ConstructorParameters<DateConstructor> | []) {
    if (args.length === 0) super(RealDate.now() + offset);
    else super(...(args as ConstructorParameters<DateConstructor>));
  }

  static override now(): number {
    return RealDate.now() + offset;
  }
}

globalThis.Date = MovedDate as DateConstructor;
