// The umbrella: `import StressKit` sees every layer, bottom to top.
@_exported import StressKitBench
@_exported import StressKitCore
@_exported import StressKitEngine
@_exported import StressKitModel
@_exported import StressKitPlan
@_exported import StressKitRun
