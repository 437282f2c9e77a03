// A read thread for ThreadedReadStore's tests that stops (exit code 4) before it says it is ready, as a thread whose
// start-up fails without an error event would.
process.exit(4);
