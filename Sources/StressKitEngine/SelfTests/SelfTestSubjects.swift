/// Subjects that misbehave on purpose, so the harness's own tests can see a crash, a hang, a
/// corrupt result and a broken subject without relying on luck. Hidden from `stress list`.
package enum SelfTestSubjects {
  package static func register(in catalog: inout Catalog) {
    catalog.add(SelfTestCrash.self)
    catalog.add(SelfTestCrashCaptured.self)
    catalog.add(SelfTestCrashOverflow.self)
    catalog.add(SelfTestAllocUnbounded.self)
    catalog.add(SelfTestHang.self)
    catalog.add(SelfTestSpin.self)
    catalog.add(SelfTestStraggler.self)
    catalog.add(SelfTestCorrupt.self)
    catalog.add(SelfTestBroken.self)
    catalog.add(SelfTestCrashAlone.self)
    catalog.add(SelfTestPoison.self)
    catalog.add(SelfTestBrokenPromise.self)
    catalog.add(SelfTestDescriptors.self)
    // The classic non-linearizable types and their fixes, as model tests.
    catalog.add(SelfTestModelCounter.self)
    catalog.add(SelfTestScheduledLostUpdate.self)
    catalog.add(SelfTestScheduledDataRace.self)
    catalog.add(SelfTestScheduledAtomic.self)
    catalog.add(SelfTestScheduledDeadlock.self)
    catalog.add(SelfTestScheduledSpin.self)
    catalog.add(SelfTestScheduledBlocksAlone.self)
    catalog.add(SelfTestModelCounterFixed.self)
    catalog.add(SelfTestModelCache.self)
    catalog.add(SelfTestModelCacheFixed.self)
    catalog.add(SelfTestModelQueue.self)
    catalog.add(SelfTestModelQueueFixed.self)
    catalog.add(SelfTestModelList.self)
    catalog.add(SelfTestModelListFixed.self)
    catalog.add(SelfTestModelPerThread.self)
    catalog.add(SelfTestModelNoTime.self)
    catalog.add(SelfTestModelBroken.self)
    catalog.add(SelfTestModelTrap.self)
  }
}
